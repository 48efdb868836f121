// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "portfolio/PortfolioPlans.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace gpuplan::ui {

// The pools of a portfolio as rows of text (the Portfolio tab's pool table and the PDF's): per pool
// its GPU, cluster GPUs, nodes, serving GPUs, end of training, utilization over the first week and
// the whole schedule, peak facility kW and total cost; under several pools a last row of totals
// (the peak power there is the sum of the pools' peaks).
QStringList portfolioPoolColumns();
std::vector<QStringList> portfolioPoolRows(const PortfolioResult &result);

// The Portfolio tab's plans, one row each: what the plan is (mode, GPU), its deadline (editable for
// a training job, empty for none) and where the shared cluster put it (GPUs, start, end, time to
// train, facility power, cost and whether it meets its deadline, or why it could not be placed).
// Qt::UserRole gives each number unrounded (days, GPUs, kW, USD) for tests and exports; a cell with
// nothing to say (a serving fleet's end) gives an invalid QVariant there.
class PortfolioTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Plan, Mode, Gpu, Deadline, Gpus, Start, End, TimeToTrain, FacilityKw, Cost, Status, ColumnCount };

    explicit PortfolioTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    // The deadline column: a bad text is refused with inputRefused() and changes nothing.
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

    const std::vector<PortfolioEntry> &entries() const { return m_entries; }
    void addEntry(PortfolioEntry entry);
    void removeEntry(int row);
    int openPlanRow() const;              // -1 when the open plan is not in the portfolio
    void setOpenPlanName(const QString &name);
    bool setDeadline(int row, double days, QString *error = nullptr);   // negative = none
    void setDeadlines(const std::vector<PortfolioEntry> &withDeadlines);
    // The cluster computed for the entries as they are now (null = none yet); kept across a
    // deadline edit until the next answer, dropped when a plan is added or removed.
    void setOutcome(std::shared_ptr<const PortfolioOutcome> outcome);
    const PortfolioOutcome *outcome() const { return m_outcome.get(); }

signals:
    void entriesEdited();                 // a plan added or removed, a deadline changed
    void inputRefused(const QString &message);

private:
    QVariant display(const PortfolioEntry &entry, std::size_t row, int column) const;
    QVariant number(std::size_t row, int column) const;

    std::vector<PortfolioEntry> m_entries;
    std::shared_ptr<const PortfolioOutcome> m_outcome;
};

} // namespace gpuplan::ui
