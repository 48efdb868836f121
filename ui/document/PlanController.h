// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "plan/Plan.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class QUndoStack;

namespace gpuplan::ui {

// A message about one plan field, shown next to its input: a layout rule from the evaluation's
// diagnostics or a catalog reference that does not resolve.
struct FieldMessage
{
    QString field;      // plan JSON path, e.g. "parallelism.tp"
    QString text;
    Severity severity = Severity::Error;
};

// Owns the plan document, the catalog, the undo stack and the file state, and keeps the
// evaluation of the current plan up to date (synchronously: resolving and evaluating a plan
// takes microseconds). Every edit goes through an undo command, so undo, redo and edits all
// refresh the widgets through the same signals. Widgets listen to this object, never to each
// other.
class PlanController : public QObject
{
    Q_OBJECT
public:
    explicit PlanController(Catalog catalog, QObject *parent = nullptr);
    ~PlanController() override;

    // The bundled catalogs plus the user's folder; problems are appended to issues.
    static Catalog loadInstalledCatalog(QStringList &issues);
    // Reads a plan file against the catalog; on failure error holds every problem, one a line.
    static bool readPlanFile(const QString &path, const Catalog &catalog, Plan &out, QString &error);

    const Plan &plan() const { return m_plan; }
    const Catalog &catalog() const { return m_catalog; }
    QUndoStack *undoStack() const { return m_undoStack; }

    // False when a catalog reference (GPU, node, fabric, engine, cloud offer) is unknown; the
    // evaluation is then empty and resolveErrors() says why.
    bool isResolved() const { return m_resolvedOk; }
    const ResolvedPlan &resolved() const { return m_resolved; }
    const Evaluation &evaluation() const { return m_evaluation; }
    // The evaluation with its cost sensitivity (core/export/ResultsExport.h), computed the first
    // time it is asked for after an edit so the slider path stays lean; the cost chart reads it.
    const Evaluation &costEvaluation() const;
    const std::vector<ResolveError> &resolveErrors() const { return m_resolveErrors; }
    double evaluationMicroseconds() const { return m_evaluationUs; }
    // Diagnostics and resolve errors that name a field, as sentences.
    std::vector<FieldMessage> fieldMessages() const;
    // This plan on another GPU: resolved as if hardware.gpu named it (node, fabric and cloud offer
    // follow the GPU where the plan leaves them at their defaults), pointing at this plan. False
    // when that combination does not resolve (e.g. the GPU's default node is not in the catalog).
    bool resolveWithGpu(const GpuSpec &gpu, ResolvedPlan &out) const;

    // Edits. Each is one undo step; a value outside the field's bounds is rejected with the
    // registry's message and nothing changes. Setting the current value is a no-op.
    bool setNumber(const QString &path, double value, QString *error = nullptr);
    bool setText(const QString &path, const QString &value, QString *error = nullptr);
    bool setPreset(const QString &presetId, QString *error = nullptr);
    void applyPlan(const Plan &plan, const QString &description);
    void applyLayout(const Layout &layout, const QString &description);
    // Edits of one field between beginDrag() and endDrag() merge into a single undo step.
    void beginDrag();
    void endDrag();

    // Document and file state.
    void newPlan();
    bool openFile(const QString &path, QString &error);   // on failure nothing changes
    bool save(QString &error);                           // to filePath(); needs one
    bool saveAs(const QString &path, QString &error);
    QString filePath() const { return m_filePath; }
    bool isModified() const;
    QString displayName() const;                         // file base name, else the plan name

    void setCatalog(Catalog catalog);                    // re-resolves the current plan

signals:
    void planChanged();
    void evaluationChanged();
    void diagnosticsChanged();
    void fileStateChanged();

private:
    friend class SetFieldCommand;
    friend class SetPresetCommand;
    friend class SetPlanCommand;

    Plan &mutablePlan() { return m_plan; }
    void planEdited();                       // called by commands after changing the plan
    void reevaluate();
    void resetDocument(Plan plan, const QString &path);

    Plan m_plan;
    Catalog m_catalog;
    QUndoStack *m_undoStack;
    QString m_filePath;
    ResolvedPlan m_resolved;
    bool m_resolvedOk = false;
    std::vector<ResolveError> m_resolveErrors;
    Evaluation m_evaluation;
    mutable Evaluation m_costEvaluation;     // costEvaluation(), valid while m_costEvaluationValid
    mutable bool m_costEvaluationValid = false;
    double m_evaluationUs = 0;
    int m_dragSession = 0;                   // non-zero while a slider is held
    int m_nextDragSession = 1;
};

} // namespace gpuplan::ui
