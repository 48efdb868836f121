// SPDX-License-Identifier: GPL-3.0-or-later
#include "portfolio/PortfolioTable.h"

#include "NumberText.h"

#include "charts/ChartFormat.h"

#include "common/Units.h"

#include <QBrush>
#include <QColor>

#include <algorithm>

namespace gpuplan::ui {

namespace {

// Days in a column headed "(d)": the number alone.
// The table's day columns: a bare number of days, as the header says "(d)".
QString daysText(double seconds)
{
    return fixedText(seconds / units::kDay, 1);
}

// A deadline as typed back into its cell; empty for none.
QString deadlineText(double days)
{
    return days < 0 ? QString() : boundText(days);
}

} // namespace

QStringList portfolioPoolColumns()
{
    return {PortfolioTableModel::tr("Pool"),          PortfolioTableModel::tr("Cluster GPUs"),
            PortfolioTableModel::tr("Nodes"),         PortfolioTableModel::tr("Serving GPUs"),
            PortfolioTableModel::tr("Training done (d)"), PortfolioTableModel::tr("Busy, first week"),
            PortfolioTableModel::tr("Busy, whole schedule"), PortfolioTableModel::tr("Peak facility kW"),
            PortfolioTableModel::tr("Total cost")};
}

std::vector<QStringList> portfolioPoolRows(const PortfolioResult &result)
{
    std::vector<QStringList> rows;
    int gpus = 0, nodes = 0, serving = 0;
    double kw = 0, usd = 0, makespan = 0;
    for (const PoolResult &p : result.pools) {
        rows.push_back({QString::fromStdString(p.gpu) +
                            (p.schedule.meetsDeadlines ? QString() : PortfolioTableModel::tr(" (a deadline missed)")),
                        groupedText(p.clusterGpus),
                        PortfolioTableModel::tr("%1 of %2").arg(groupedText(p.clusterNodes)).arg(p.gpusPerNode),
                        groupedText(p.servingGpus), daysText(p.schedule.makespanS), percentText(p.utilizationFirstWeek),
                        percentText(p.utilizationOverall), fixedText(p.peakFacilityKw, 0), usdText(p.totalCostUsd)});
        gpus += p.clusterGpus;
        nodes += p.clusterNodes;
        serving += p.servingGpus;
        kw += p.peakFacilityKw;
        usd += p.totalCostUsd;
        makespan = std::max(makespan, p.schedule.makespanS);
    }
    if (result.pools.size() > 1)
        rows.push_back({PortfolioTableModel::tr("All pools"), groupedText(gpus), groupedText(nodes),
                        groupedText(serving), daysText(makespan), QString(), QString(), fixedText(kw, 0),
                        usdText(usd)});
    return rows;
}

PortfolioTableModel::PortfolioTableModel(QObject *parent) : QAbstractTableModel(parent) {}

int PortfolioTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int PortfolioTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PortfolioTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Plan: return tr("Plan");
    case Mode: return tr("Mode");
    case Gpu: return tr("GPU");
    case Deadline: return tr("Deadline (d)");
    case Gpus: return tr("GPUs");
    case Start: return tr("Start (d)");
    case End: return tr("End (d)");
    case TimeToTrain: return tr("Time to train (d)");
    case FacilityKw: return tr("Facility kW");
    case Cost: return tr("Cost");
    case Status: return tr("Status");
    default: return {};
    }
}

Qt::ItemFlags PortfolioTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.column() == Deadline && m_entries[static_cast<std::size_t>(index.row())].plan.workload.mode == gpuplan::Mode::Training)
        f |= Qt::ItemIsEditable;
    return f;
}

QVariant PortfolioTableModel::number(std::size_t row, int column) const
{
    const PortfolioEntry &e = m_entries[row];
    if (column == Deadline)
        return e.deadlineDays < 0 ? QVariant() : QVariant(e.deadlineDays);
    const PortfolioJob *job = m_outcome ? m_outcome->job(row) : nullptr;
    const JobPlacement *p = m_outcome ? m_outcome->placement(row) : nullptr;
    if (!job)
        return {};
    switch (column) {
    case Gpus: return job->gpus;
    case Start: return p->startS / units::kDay;
    case End: return job->serving ? QVariant() : QVariant(p->endS / units::kDay);
    case TimeToTrain: return job->serving ? QVariant() : QVariant(job->durationS / units::kDay);
    case FacilityKw: return job->facilityKw;
    case Cost: return job->costUsd;
    default: return {};
    }
}

QVariant PortfolioTableModel::display(const PortfolioEntry &e, std::size_t row, int column) const
{
    const bool serving = e.plan.workload.mode == gpuplan::Mode::Inference;
    if (column == Plan)
        return e.name;
    if (column == Mode)
        return serving ? tr("serving") : tr("training");
    if (column == Deadline)
        return serving ? QStringLiteral("–") : deadlineText(e.deadlineDays);
    const PortfolioJob *job = m_outcome ? m_outcome->job(row) : nullptr;
    const JobPlacement *p = m_outcome ? m_outcome->placement(row) : nullptr;
    if (column == Gpu)
        return QString::fromStdString(job ? job->gpu : e.plan.hardware.gpu);
    if (column == Status) {
        if (!m_outcome)
            return tr("computing …");
        if (!m_outcome->errors[row].isEmpty())
            return tr("not placed: %1").arg(m_outcome->errors[row]);
        if (!job)
            return {};
        if (job->serving)
            return tr("always on");
        if (p->late)
            return tr("LATE");
        return job->deadlineS < 0 ? tr("no deadline") : tr("on time");
    }
    if (!job)
        return {};
    switch (column) {
    case Gpus: return groupedText(job->gpus);
    case Start: return job->serving ? tr("always on") : daysText(p->startS);
    case End: return job->serving ? QStringLiteral("–") : daysText(p->endS);
    case TimeToTrain: return job->serving ? QStringLiteral("–") : daysText(job->durationS);
    case FacilityKw: return fixedText(job->facilityKw, 0);
    case Cost: return usdText(job->costUsd);
    default: return {};
    }
}

QVariant PortfolioTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const std::size_t row = static_cast<std::size_t>(index.row());
    const PortfolioEntry &e = m_entries[row];
    switch (role) {
    case Qt::DisplayRole: return display(e, row, index.column());
    case Qt::EditRole: return index.column() == Deadline ? QVariant(deadlineText(e.deadlineDays)) : QVariant();
    case Qt::UserRole: return number(row, index.column());
    case Qt::TextAlignmentRole:
        return index.column() >= Deadline && index.column() <= Cost ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                    : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ForegroundRole: {
        const JobPlacement *p = m_outcome ? m_outcome->placement(row) : nullptr;
        const bool bad = m_outcome && (!m_outcome->errors[row].isEmpty() || (p && p->late));
        return bad && index.column() == Status ? QVariant(QBrush(QColor(0xd6, 0x27, 0x28))) : QVariant();
    }
    case Qt::ToolTipRole:
        if (index.column() == Plan)
            return e.openPlan ? tr("The plan open in this window; edits show here") : e.path;
        if (index.column() == Deadline)
            return tr("Days from the start of the schedule (0.01 to 36,500); empty for none");
        if (index.column() == Cost)
            return tr("Training: the run; serving: its cost horizon (the cheaper of cloud and on-prem)");
        if (index.column() == Status && m_outcome && !m_outcome->errors[row].isEmpty())
            return m_outcome->errors[row];
        return {};
    default: return {};
    }
}

bool PortfolioTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != Deadline || !(flags(index) & Qt::ItemIsEditable))
        return false;
    double days = -1;
    QString error;
    if (!parseDeadlineDays(value.toString(), m_entries[static_cast<std::size_t>(index.row())].name, days, error)) {
        emit inputRefused(error);
        return false;
    }
    return setDeadline(index.row(), days);
}

void PortfolioTableModel::addEntry(PortfolioEntry entry)
{
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_entries.push_back(std::move(entry));
    m_outcome.reset();
    endInsertRows();
    emit entriesEdited();
}

void PortfolioTableModel::removeEntry(int row)
{
    if (row < 0 || row >= rowCount())
        return;
    beginRemoveRows({}, row, row);
    m_entries.erase(m_entries.begin() + row);
    m_outcome.reset();
    endRemoveRows();
    emit entriesEdited();
}

int PortfolioTableModel::openPlanRow() const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].openPlan)
            return static_cast<int>(i);
    return -1;
}

void PortfolioTableModel::setOpenPlanName(const QString &name)
{
    const int row = openPlanRow();
    if (row < 0 || m_entries[static_cast<std::size_t>(row)].name == name)
        return;
    m_entries[static_cast<std::size_t>(row)].name = name;
    emit dataChanged(index(row, Plan), index(row, Plan));
}

bool PortfolioTableModel::setDeadline(int row, double days, QString *error)
{
    if (row < 0 || row >= rowCount())
        return false;
    PortfolioEntry &e = m_entries[static_cast<std::size_t>(row)];
    if (days >= 0 && (days < kMinPortfolioDeadlineDays || days > kMaxPortfolioDeadlineDays)) {
        if (error)
            parseDeadlineDays(QString::number(days), e.name, days, *error);
        return false;
    }
    if (e.deadlineDays == days)
        return true;
    e.deadlineDays = days;
    emit dataChanged(index(row, Deadline), index(row, Deadline));
    emit entriesEdited();
    return true;
}

void PortfolioTableModel::setDeadlines(const std::vector<PortfolioEntry> &withDeadlines)
{
    for (std::size_t i = 0; i < m_entries.size() && i < withDeadlines.size(); ++i)
        m_entries[i].deadlineDays = withDeadlines[i].deadlineDays;
    emit dataChanged(index(0, Deadline), index(rowCount() - 1, Deadline));
    emit entriesEdited();
}

void PortfolioTableModel::setOutcome(std::shared_ptr<const PortfolioOutcome> outcome)
{
    if (outcome && outcome->where.size() != m_entries.size())
        return;   // computed for a list of plans that has changed since
    m_outcome = std::move(outcome);
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

} // namespace gpuplan::ui
