// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/PlanController.h"

#include "NumberText.h"

#include "document/PlanFileWriter.h"
#include "document/SetFieldCommand.h"
#include "document/SetPlanCommand.h"
#include "document/SetPresetCommand.h"

#include "catalog/CatalogLoader.h"
#include "common/EnumNames.h"
#include "evaluator/Evaluator.h"
#include "export/ResultsExport.h"
#include "plan/PlanFields.h"
#include "plan/PlanIo.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QUndoStack>


namespace gpuplan::ui {

namespace {

bool isEnumValue(const EnumNameTable &table, double value)
{
    for (const EnumName &e : table.names) {
        if (e.value == value)
            return true;
    }
    return false;
}

bool sameDiagnostics(const Diagnostics &a, const Diagnostics &b)
{
    if (a.count() != b.count())
        return false;
    for (int i = 0; i < a.count(); ++i) {
        if (a[i].code != b[i].code || a[i].severity != b[i].severity || a[i].field != b[i].field
            || a[i].value != b[i].value || a[i].limit != b[i].limit)
            return false;
    }
    return true;
}

bool sameResolveErrors(const std::vector<ResolveError> &a, const std::vector<ResolveError> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].field != b[i].field || a[i].message != b[i].message)
            return false;
    }
    return true;
}

} // namespace

PlanController::PlanController(Catalog catalog, QObject *parent)
    : QObject(parent), m_catalog(std::move(catalog)), m_undoStack(new QUndoStack(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this, &PlanController::fileStateChanged);
    reevaluate();
}

PlanController::~PlanController() = default;

Catalog PlanController::loadInstalledCatalog(QStringList &issues)
{
    std::vector<CatalogIssue> found;
    CatalogSources sources;
    sources.userDir = defaultUserCatalogDir();
    Catalog catalog = loadCatalog(sources, found);
    for (const CatalogIssue &issue : found)
        issues << QString::fromStdString(issue.text());
    return catalog;
}

std::vector<FieldMessage> PlanController::fieldMessages() const
{
    std::vector<FieldMessage> out;
    for (const ResolveError &e : m_resolveErrors)
        out.push_back({QString::fromStdString(e.field), QString::fromStdString(e.message), Severity::Error});
    for (const Diagnostic &d : m_evaluation.diagnostics) {
        if (d.field && *d.field)
            out.push_back({QString::fromUtf8(d.field), QString::fromStdString(describe(d)), d.severity});
    }
    return out;
}

bool PlanController::resolveWithGpu(const GpuSpec &gpu, ResolvedPlan &out) const
{
    // Resolving a copy keeps the rules for defaults (node, fabric, cloud offer of that GPU) in
    // one place, the core. The result refers to catalog entries only, so it can point at this
    // plan, which differs from the copy in nothing but the GPU id the result already resolved.
    Plan copy = m_plan;
    copy.hardware.gpu = gpu.id;
    std::vector<ResolveError> errors;
    if (!resolvePlan(copy, m_catalog, out, errors))
        return false;
    out.plan = &m_plan;
    return true;
}

// The registry entry of `path` when it is of the wanted kind (text or not), else nullptr with the
// reason in *error.
static const FieldSpec *editableField(const QString &path, bool text, QString *error)
{
    const FieldSpec *field = findPlanField(path.toStdString());
    if (!field) {
        if (error)
            *error = PlanController::tr("%1: not a plan field").arg(path);
        return nullptr;
    }
    if ((field->type == FieldType::Text) != text) {
        if (error)
            *error = PlanController::tr("%1: expected %2").arg(path, QString::fromStdString(describeAllowed(*field)));
        return nullptr;
    }
    return field;
}

bool PlanController::setNumber(const QString &path, double value, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return false;
    };
    const FieldSpec *field = editableField(path, false, error);
    if (!field)
        return false;
    std::string message;
    if (!checkFieldValue(*field, value, message))
        return fail(QString::fromStdString(message));
    if ((field->type == FieldType::Enum && !isEnumValue(field->enumTable(), value))
        || (field->type == FieldType::Bool && value != 0.0 && value != 1.0))
        return fail(tr("%1: value %2; expected %3")
                        .arg(path, boundText(value), QString::fromStdString(describeAllowed(*field))));
    if (field->getNumber(m_plan) == value)
        return true;
    m_undoStack->push(new SetFieldCommand(this, *field, value, m_dragSession));
    return true;
}

bool PlanController::setText(const QString &path, const QString &value, QString *error)
{
    const FieldSpec *field = editableField(path, true, error);
    if (!field)
        return false;
    // Choosing a preset replaces the whole architecture, as a plan file and gpuplan-cli --set do;
    // writing only the id would keep the old model's shape under the new name.
    if (path == QLatin1String("model.preset") && !value.isEmpty())
        return setPreset(value, error);
    const std::string text = value.toStdString();
    if (std::string message; !checkFieldText(*field, text, message)) {
        if (error)
            *error = QString::fromStdString(message);
        return false;
    }
    if (field->getText(m_plan) == text)
        return true;
    m_undoStack->push(new SetFieldCommand(this, *field, text));
    return true;
}

bool PlanController::setPreset(const QString &presetId, QString *error)
{
    const ModelPreset *preset = m_catalog.findModel(presetId.toStdString());
    if (!preset) {
        if (error)
            *error = tr("model.preset: unknown model preset \"%1\"").arg(presetId);
        return false;
    }
    ModelArch arch = presetArchitecture(*preset);
    m_undoStack->push(new SetPresetCommand(this, std::move(arch), QString::fromStdString(preset->arch.name)));
    return true;
}

void PlanController::applyPlan(const Plan &plan, const QString &description)
{
    m_undoStack->push(new SetPlanCommand(this, plan, description));
}

void PlanController::applyLayout(const Layout &layout, const QString &description)
{
    Plan plan = m_plan;
    writeLayout(layout, plan);
    applyPlan(plan, description);
}

void PlanController::beginDrag()
{
    m_dragSession = m_nextDragSession++;
}

void PlanController::endDrag()
{
    m_dragSession = 0;
}

void PlanController::newPlan()
{
    resetDocument(Plan{}, QString());
}

bool PlanController::readPlanFile(const QString &path, const Catalog &catalog, Plan &out, QString &error)
{
    std::vector<PlanError> errors;
    if (loadPlanFile(path.toStdString(), &catalog, out, errors))
        return true;
    QStringList lines;
    for (const PlanError &e : errors)
        lines << QString::fromStdString(e.text());
    error = lines.join(QLatin1Char('\n'));
    return false;
}

bool PlanController::openFile(const QString &path, QString &error)
{
    Plan plan;
    if (!readPlanFile(path, m_catalog, plan, error))
        return false;
    resetDocument(std::move(plan), QFileInfo(path).absoluteFilePath());
    return true;
}

bool PlanController::save(QString &error)
{
    if (m_filePath.isEmpty()) {
        error = tr("The plan has no file yet; use Save As.");
        return false;
    }
    return saveAs(m_filePath, error);
}

bool PlanController::saveAs(const QString &path, QString &error)
{
    // Atomic, with a backup of a file an older gpuplan wrote (docs/robustness.md).
    if (!PlanFileWriter().save(path, m_plan, error))
        return false;
    m_filePath = QFileInfo(path).absoluteFilePath();
    m_undoStack->setClean();
    emit fileStateChanged();
    return true;
}

bool PlanController::isModified() const
{
    return !m_undoStack->isClean();
}

QString PlanController::displayName() const
{
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).completeBaseName();
    return m_plan.name.empty() ? tr("Untitled plan") : QString::fromStdString(m_plan.name);
}

void PlanController::setCatalog(Catalog catalog)
{
    m_catalog = std::move(catalog);
    planEdited();
}

void PlanController::planEdited()
{
    const Diagnostics before = m_evaluation.diagnostics;
    const std::vector<ResolveError> resolveBefore = m_resolveErrors;
    reevaluate();
    emit planChanged();
    emit evaluationChanged();
    if (!sameDiagnostics(before, m_evaluation.diagnostics) || !sameResolveErrors(resolveBefore, m_resolveErrors))
        emit diagnosticsChanged();
}

void PlanController::reevaluate()
{
    QElapsedTimer timer;
    timer.start();
    m_resolveErrors.clear();
    m_resolvedOk = resolvePlan(m_plan, m_catalog, m_resolved, m_resolveErrors);
    m_evaluation = m_resolvedOk ? evaluate(m_resolved) : Evaluation{};
    m_costEvaluationValid = false;
    m_evaluationUs = static_cast<double>(timer.nsecsElapsed()) / 1000.0;
}

const Evaluation &PlanController::costEvaluation() const
{
    if (!m_costEvaluationValid) {
        m_costEvaluation = m_resolvedOk ? evaluateWithSensitivity(m_resolved) : Evaluation{};
        m_costEvaluationValid = true;
    }
    return m_costEvaluation;
}

void PlanController::resetDocument(Plan plan, const QString &path)
{
    m_plan = std::move(plan);
    m_filePath = path;
    m_dragSession = 0;
    m_undoStack->clear();
    m_undoStack->setClean();
    planEdited();
    emit diagnosticsChanged();
    emit fileStateChanged();
}

} // namespace gpuplan::ui
