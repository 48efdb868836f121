// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QScrollArea>

#include <map>
#include <vector>

class QAbstractSpinBox;
class QComboBox;
class QLabel;
class QSlider;

namespace gpuplan {
struct FieldSpec;
}

namespace gpuplan::ui {

class CollapsibleSection;
class FieldRow;
class PlanController;

// The left side of the window: every plan input the manager or teacher moves, grouped MODEL,
// WORKLOAD, HARDWARE, PARALLELISM, PRECISION and COST & FACILITY. Bounds, units and tooltips
// come from the field registry; layout problems appear in red under the control they concern.
// The panel only talks to the controller.
class InputPanel : public QScrollArea
{
    Q_OBJECT
public:
    explicit InputPanel(PlanController *controller, QWidget *parent = nullptr);
    ~InputPanel() override;

    FieldRow *row(const QString &path) const;
    QSlider *slider(const QString &path) const;
    QAbstractSpinBox *spinBox(const QString &path) const;
    QComboBox *comboBox(const QString &path) const;
    QString messageFor(const QString &path) const;   // shown under the control; empty if none
    QString generalMessages() const;                 // problems with no visible control
    CollapsibleSection *section(const QString &title) const;

    // Rebuilds the catalog lists (model presets, GPUs, nodes) after the catalog changed.
    void refreshCatalogChoices();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // Which plans show a row: training, inference (either serving mode), and within inference the
    // aggregated replicas' or the disaggregated pools' rows only.
    enum ModeMask { Both = 3, TrainingOnly = 1, InferenceOnly = 2, DisaggregatedOnly = 4, AggregatedOnly = 8 };

    void buildModel(CollapsibleSection *s);
    void buildWorkload(CollapsibleSection *s);
    void buildHardware(CollapsibleSection *s);
    void buildParallelism(CollapsibleSection *s);
    void buildPrecision(CollapsibleSection *s);
    void buildTrainingStack(CollapsibleSection *s);
    void buildDataPipeline(CollapsibleSection *s);
    void buildCostFacility(CollapsibleSection *s);
    CollapsibleSection *addSection(const QString &title, bool expanded);
    FieldRow *add(CollapsibleSection *s, FieldRow *row, ModeMask mode = Both);
    FieldRow *slider(CollapsibleSection *s, const char *path, ModeMask mode = Both);
    FieldRow *choice(CollapsibleSection *s, const char *path, ModeMask mode = Both);
    FieldRow *check(CollapsibleSection *s, const char *path, ModeMask mode = Both);
    void onEvaluationChanged();
    void updateMessages();
    void alignColumns();

    PlanController *m_controller;
    QWidget *m_content;
    QLabel *m_general;
    std::vector<CollapsibleSection *> m_sections;
    std::vector<std::pair<FieldRow *, ModeMask>> m_rows;
    std::map<QString, FieldRow *> m_byPath;
    FieldRow *m_presetRow = nullptr;
    FieldRow *m_gpuRow = nullptr;
    FieldRow *m_nodeRow = nullptr;
    FieldRow *m_migRow = nullptr;
    QString m_migChoicesGpu;   // the GPU whose MIG profiles the MIG row lists
};

} // namespace gpuplan::ui
