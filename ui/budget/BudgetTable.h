// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "procure/Procurement.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace gpuplan::ui {

// The Budget view's ranked options as a table model: one row per option, best first
// (rankedOrder(): the feasible options by the objective, then the rejected ones by how far they
// miss), with why each rejected option fails in words. A serving plan's rows also name the engine
// and the serving mode (aggregated, or disaggregated with its prefill and decode pools); the view
// hides those two columns for a training plan. A model rather than a table of items: a
// slider move re-ranks hundreds of options and the view only draws the rows it shows.
class BudgetTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Rank, Gpu, Count, Way, OfferTerm, LayoutColumn, Engine, Mode, Days, Finish, Cash, Upfront, Tco, SiteKw, Feasible, WhyNot, ColumnCount };

    explicit BudgetTableModel(QObject *parent = nullptr);

    void setOptions(std::shared_ptr<const ProcureResult> result, std::vector<int> order);
    const ProcureResult *result() const { return m_result.get(); }
    int optionAtRow(int row) const;     // index into the options; -1 = none
    int rowOfOption(int option) const;  // -1 = not shown

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const ProcureResult> m_result;
    std::vector<int> m_order;           // row -> option
    std::vector<int> m_rowOf;           // option -> row
};

} // namespace gpuplan::ui
