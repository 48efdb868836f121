// SPDX-License-Identifier: GPL-3.0-or-later
#include "budget/BudgetTable.h"

#include "NumberText.h"

#include "budget/BudgetText.h"

#include "common/Format.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace gpuplan::ui {

BudgetTableModel::BudgetTableModel(QObject *parent) : QAbstractTableModel(parent) {}

void BudgetTableModel::setOptions(std::shared_ptr<const ProcureResult> result, std::vector<int> order)
{
    beginResetModel();
    m_result = std::move(result);
    m_order = std::move(order);
    m_rowOf.assign(m_result ? m_result->options.size() : 0, -1);
    for (std::size_t row = 0; row < m_order.size(); ++row)
        m_rowOf[static_cast<std::size_t>(m_order[row])] = static_cast<int>(row);
    endResetModel();
}

int BudgetTableModel::optionAtRow(int row) const
{
    return row >= 0 && row < static_cast<int>(m_order.size()) ? m_order[static_cast<std::size_t>(row)] : -1;
}

int BudgetTableModel::rowOfOption(int option) const
{
    return option >= 0 && option < static_cast<int>(m_rowOf.size()) ? m_rowOf[static_cast<std::size_t>(option)] : -1;
}

int BudgetTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_order.size());
}

int BudgetTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BudgetTableModel::data(const QModelIndex &index, int role) const
{
    const int i = optionAtRow(index.row());
    if (i < 0 || !m_result)
        return {};
    const ProcureOption &o = m_result->options[static_cast<std::size_t>(i)];
    if (role == Qt::TextAlignmentRole) {
        const bool number = index.column() == Rank || index.column() == Count || (index.column() >= Days && index.column() <= SiteKw);
        return static_cast<int>(Qt::AlignVCenter) | static_cast<int>(number ? Qt::AlignRight : Qt::AlignLeft);
    }
    if (role == Qt::FontRole && i == m_result->best) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ForegroundRole && !o.feasible && index.column() == WhyNot)
        return QBrush(QColor(0xc0, 0x39, 0x2b));
    if (role == Qt::ToolTipRole && (index.column() == OfferTerm || index.column() == Feasible) && o.priceEstimated)
        return tr("The offer publishes no price for this term: on-demand less the plan's discount (an estimate). "
                  "The best option is chosen among published prices; estimated ones are listed after them.");
    if (role == Qt::ToolTipRole && index.column() == Mode && o.gpusPerReplica > 0)
        return o.latencyP99
                   ? tr("Sized so that the P99 TTFT (%1 ms) and TPOT (%2 ms) at the peak rate meet the plan's targets.")
                         .arg(fixedText(o.ttftMs, 0), fixedText(o.tpotMs, 1))
                   : tr("Prefill and decode pools, the KV cache sent between them; sized to the mean TTFT (%1 ms) and "
                        "TPOT (%2 ms) of a steady load (no percentile model for two pools).")
                         .arg(fixedText(o.ttftMs, 0), fixedText(o.tpotMs, 1));
    if (role == Qt::ToolTipRole && index.column() == Finish)
        return tr("Days from the order to the end of the run: a bought cluster's delivery and installation "
                  "(%1 days) first; the deadline is held to this.")
            .arg(fixedText(o.leadTimeDays, 0));
    if (role == Qt::ToolTipRole && index.column() == Upfront)
        return o.financing.financed ? tr("Capex %1, of which %2 borrowed; the budget must hold the rest and the interest.")
                                          .arg(usdShort(o.capexUsd), usdShort(o.financing.loanUsd))
                                    : tr("Money needed before the run starts: a bought cluster's whole capex; renting, nothing.");
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Rank: return index.row() + 1;
    case Gpu:
        // A mixed disaggregated fleet: the decode pool's GPU, then the prefill pool's.
        return o.prefillGpu.empty() ? QString::fromStdString(o.gpu)
                                    : tr("%1 (prefill on %2)").arg(QString::fromStdString(o.gpu),
                                                                    QString::fromStdString(o.prefillGpu));
    case Count: return QString::fromStdString(grouped(o.numGpus));
    case Way: return acquisitionText(o);
    case OfferTerm: return offerTermText(o);
    case LayoutColumn: return layoutText(o.layout);
    case Engine: return QString::fromStdString(o.engine);
    case Mode:
        if (o.gpusPerReplica <= 0)
            return {};
        return o.servingMode == ServingMode::Disaggregated
                   ? (o.prefillGpu.empty()
                          ? tr("disaggregated: %1 prefill + %2 decode × TP %3")
                                .arg(o.prefillWorkers)
                                .arg(o.decodeWorkers)
                                .arg(o.decodeTp)
                          : tr("disaggregated: %1 prefill on %2 + %3 decode on %4 × TP %5")
                                .arg(o.prefillWorkers)
                                .arg(QString::fromStdString(o.prefillGpu))
                                .arg(o.decodeWorkers)
                                .arg(QString::fromStdString(o.gpu))
                                .arg(o.decodeTp))
                   : tr("aggregated");
    case Days: return fixedText(o.timeToTrainDays, 1);
    case Finish: return fixedText(o.finishDays, 0);
    case Cash: return usdShort(o.cashUsd);
    case Upfront: return usdShort(o.upfrontUsd);
    case Tco: return usdShort(o.tcoUsd);
    case SiteKw: return QString::fromStdString(grouped(static_cast<long long>(o.facilityKw + 0.5)));
    case Feasible:
        if (!o.feasible)
            return tr("no");
        if (i == m_result->best)
            return tr("yes, best");
        return o.priceEstimated ? tr("yes, estimated price") : tr("yes");
    case WhyNot: return violationsText(o);
    default: return {};
    }
}

QVariant BudgetTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Rank: return tr("#");
    case Gpu: return tr("GPU");
    case Count: return tr("GPUs");
    case Way: return tr("Way");
    case OfferTerm: return tr("Offer, term");
    case LayoutColumn: return tr("Layout");
    case Engine: return tr("Engine");
    case Mode: return tr("Serving");
    case Days: return tr("Days");
    case Finish: return tr("Done by day");
    case Cash: return tr("Cash");
    case Upfront: return tr("Up front");
    case Tco: return tr("TCO");
    case SiteKw: return tr("kW");
    case Feasible: return tr("Feasible");
    case WhyNot: return tr("Why rejected");
    default: return {};
    }
}

} // namespace gpuplan::ui
