// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/InputPanel.h"

#include "NumberText.h"
#include "Theme.h"
#include "document/FieldLabels.h"
#include "document/PlanController.h"
#include "inputs/CatalogChoices.h"
#include "inputs/CheckFieldRow.h"
#include "inputs/ChoiceFieldRow.h"
#include "inputs/CollapsibleSection.h"
#include "inputs/InfoRow.h"
#include "inputs/RecomputeModulesRow.h"
#include "inputs/SliderFieldRow.h"

#include "common/EnumNames.h"
#include "plan/FrameworkPresets.h"
#include "plan/PlanFields.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QGridLayout>
#include <QLabel>
#include <QScrollBar>
#include <QSlider>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <algorithm>
#include <cstring>

namespace gpuplan::ui {

namespace {

const FieldSpec &spec(const char *path)
{
    const FieldSpec *f = findPlanField(path);
    Q_ASSERT_X(f, "InputPanel", path);
    return *f;
}

// True when two architectures agree on every numeric model field of the registry.
bool sameArchitecture(const ModelArch &a, const ModelArch &b)
{
    Plan pa, pb;
    pa.model = a;
    pb.model = b;
    for (const FieldSpec &f : modelFields()) {
        if (std::strncmp(f.path, "model.", 6) == 0 && f.type != FieldType::Text && f.getNumber(pa) != f.getNumber(pb))
            return false;
    }
    return true;
}

// The sliders, spin boxes and combo boxes of the rows (named "slider:<path>" etc. by the rows),
// not the scroll bars and popups inside them.
bool isRowControl(const QObject *o)
{
    const QString &name = o->objectName();
    return name.startsWith(QLatin1String("slider:")) || name.startsWith(QLatin1String("spin:"))
           || name.startsWith(QLatin1String("combo:"));
}

} // namespace

InputPanel::InputPanel(PlanController *controller, QWidget *parent)
    : QScrollArea(parent), m_controller(controller), m_content(new QWidget), m_general(new QLabel)
{
    setObjectName(QStringLiteral("inputPanel"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *column = new QVBoxLayout(m_content);
    column->setContentsMargins(6, 6, 6, 6);
    column->setSpacing(2);
    m_general->setObjectName(QStringLiteral("generalMessages"));
    m_general->setWordWrap(true);
    m_general->hide();
    column->addWidget(m_general);

    buildModel(addSection(tr("MODEL"), true));
    buildWorkload(addSection(tr("WORKLOAD"), true));
    buildHardware(addSection(tr("HARDWARE"), true));
    buildParallelism(addSection(tr("PARALLELISM"), true));
    buildPrecision(addSection(tr("PRECISION"), true));
    buildTrainingStack(addSection(tr("TRAINING STACK"), false));
    buildDataPipeline(addSection(tr("DATA PIPELINE"), false));
    buildCostFacility(addSection(tr("COST & FACILITY"), false));
    column->addStretch(1);
    setWidget(m_content);

    for (QWidget *w : m_content->findChildren<QWidget *>()) {
        if (isRowControl(w))
            w->installEventFilter(this);
    }
    connect(m_controller, &PlanController::evaluationChanged, this, &InputPanel::onEvaluationChanged);
    alignColumns();
    onEvaluationChanged();
}

InputPanel::~InputPanel() = default;

CollapsibleSection *InputPanel::addSection(const QString &title, bool expanded)
{
    auto *s = new CollapsibleSection(title, expanded, m_content);
    m_content->layout()->addWidget(s);
    m_sections.push_back(s);
    // Folding or unfolding moves a row's problems between the row and the top of the panel.
    connect(s->header(), &QToolButton::clicked, this, &InputPanel::updateMessages);
    return s;
}

FieldRow *InputPanel::add(CollapsibleSection *s, FieldRow *row, ModeMask mode)
{
    row->addToGrid(s->grid(), s->nextRow());
    s->reserveRows(2);
    m_rows.emplace_back(row, mode);
    m_byPath[row->path()] = row;
    return row;
}

FieldRow *InputPanel::slider(CollapsibleSection *s, const char *path, ModeMask mode)
{
    return add(s, new SliderFieldRow(m_controller, spec(path), fieldLabel(path), s->body()), mode);
}

FieldRow *InputPanel::choice(CollapsibleSection *s, const char *path, ModeMask mode)
{
    return add(s, new ChoiceFieldRow(m_controller, spec(path), fieldLabel(path), s->body()), mode);
}

FieldRow *InputPanel::check(CollapsibleSection *s, const char *path, ModeMask mode)
{
    return add(s, new CheckFieldRow(m_controller, spec(path), fieldLabel(path), s->body()), mode);
}

void InputPanel::buildModel(CollapsibleSection *s)
{
    auto *preset = new ChoiceFieldRow(
        m_controller, QStringLiteral("model.preset"), fieldLabel("model.preset"), s->body(),
        presetChoices(m_controller->catalog()),
        [](const PlanController &c) { return QVariant(QString::fromStdString(c.plan().model.preset)); },
        [this](const QVariant &v, QString &error) {
            const QString id = v.toString();
            return id.isEmpty() ? m_controller->setText(QStringLiteral("model.preset"), QString(), &error)
                                : m_controller->setPreset(id, &error);
        });
    preset->setCurrentText([](const PlanController &c) {
        const ModelPreset *p = c.plan().model.preset.empty() ? nullptr : c.catalog().findModel(c.plan().model.preset);
        if (!p || sameArchitecture(p->arch, c.plan().model))
            return QString();
        return tr("%1 (modified)").arg(QString::fromStdString(p->arch.name.empty() ? p->id : p->arch.name));
    });
    m_presetRow = add(s, preset);
    add(s, new InfoRow(m_controller, QStringLiteral("model.parameters"), tr("Parameters"), s->body(),
                       [](const PlanController &c) {
                           if (!c.isResolved())
                               return QStringLiteral("—");
                           const ModelShape &shape = c.evaluation().shape;
                           QString text = countText(shape.totalParams);
                           if (shape.activeParams > 0 && shape.activeParams < shape.totalParams)
                               text += tr(" (%1 active per token)").arg(countText(shape.activeParams));
                           return text;
                       }));
    for (const char *path : {"model.layers", "model.hidden", "model.heads"})
        slider(s, path);
    add(s, new SliderFieldRow(m_controller, spec("model.kv_heads"), fieldLabel("model.kv_heads"), s->body(),
                              [](const PlanController &c) { return c.isResolved() ? c.evaluation().shape.kvHeads : 0.0; }));
    add(s, new SliderFieldRow(m_controller, spec("model.ffn_hidden"), fieldLabel("model.ffn_hidden"), s->body(),
                              [](const PlanController &c) { return c.isResolved() ? c.evaluation().shape.ffn : 0.0; }));
    for (const char *path : {"model.vocab", "model.moe_experts", "model.moe_top_k"})
        slider(s, path);
}

void InputPanel::buildWorkload(CollapsibleSection *s)
{
    choice(s, "workload.mode");
    for (const char *path : {"workload.training.seq_len", "workload.training.global_batch",
                             "workload.training.micro_batch", "workload.training.tokens"})
        slider(s, path, TrainingOnly);
    choice(s, "workload.training.finetune", TrainingOnly);
    // The serving capacity plan (docs/performance-model.md "Capacity at a request rate"): the peak
    // and average rates, the P99 targets, the headroom and the autoscaler's trigger and cooldown.
    for (const char *path : {"workload.inference.prompt_len", "workload.inference.output_len",
                             "workload.inference.concurrency", "workload.inference.request_rate",
                             "workload.inference.average_request_rate", "workload.inference.ttft_target_ms",
                             "workload.inference.tpot_target_ms", "workload.inference.headroom",
                             "workload.inference.scale_up_queue", "workload.inference.scale_cooldown_s"})
        slider(s, path, InferenceOnly);
    choice(s, "workload.inference.engine", InferenceOnly);
    // MoE serving layout of a replica (docs/performance-model.md "Attention DP and expert parallelism").
    for (const char *path : {"workload.inference.attention_dp", "workload.inference.ep", "workload.inference.expert_tp"})
        slider(s, path, AggregatedOnly);
    // Disaggregated serving (docs/performance-model.md "Disaggregated prefill and decode"): the two
    // pools' workers, their layout and batch, and the KV cache's path between them.
    choice(s, "workload.inference.serving_mode", InferenceOnly);
    for (const char *path :
         {"workload.inference.prefill_workers", "workload.inference.prefill_tp",
          "workload.inference.prefill_attention_dp", "workload.inference.prefill_ep",
          "workload.inference.prefill_batch", "workload.inference.decode_workers", "workload.inference.decode_tp",
          "workload.inference.decode_attention_dp", "workload.inference.decode_ep", "workload.inference.decode_batch"})
        slider(s, path, DisaggregatedOnly);
    // The prefill pool's GPU type: blank runs it on hardware.gpu; another type sends the KV over the network.
    add(s,
        new ChoiceFieldRow(
            m_controller, QStringLiteral("workload.inference.prefill_gpu"),
            fieldLabel("workload.inference.prefill_gpu"), s->body(), prefillGpuChoices(m_controller->catalog()),
            [](const PlanController &c) {
                // Aliases name the same GPU: show the catalog entry.
                const std::string &id = c.plan().workload.inference.prefillGpu;
                const GpuSpec *g = id.empty() ? nullptr : c.catalog().findGpu(id);
                return QVariant(QString::fromStdString(g ? g->id : id));
            },
            [this](const QVariant &v, QString &error) {
                return m_controller->setText(QStringLiteral("workload.inference.prefill_gpu"), v.toString(), &error);
            }),
        DisaggregatedOnly);
    choice(s, "workload.inference.kv_transfer", DisaggregatedOnly);
}

void InputPanel::buildHardware(CollapsibleSection *s)
{
    auto textChoice = [this](const char *path) {
        return [this, path](const QVariant &v, QString &error) {
            return m_controller->setText(QString::fromUtf8(path), v.toString(), &error);
        };
    };
    m_gpuRow = add(s, new ChoiceFieldRow(m_controller, QStringLiteral("hardware.gpu"), fieldLabel("hardware.gpu"),
                                         s->body(), gpuChoices(m_controller->catalog()),
                                         [](const PlanController &c) {
                                             // Aliases name the same GPU: show the catalog entry.
                                             const GpuSpec *g = c.catalog().findGpu(c.plan().hardware.gpu);
                                             return QVariant(QString::fromStdString(g ? g->id : c.plan().hardware.gpu));
                                         },
                                         textChoice("hardware.gpu")));
    slider(s, "hardware.num_gpus");
    m_migRow = add(s, new ChoiceFieldRow(m_controller, QStringLiteral("hardware.mig_profile"),
                                         fieldLabel("hardware.mig_profile"), s->body(),
                                         migChoices(m_controller->catalog().findGpu(m_controller->plan().hardware.gpu)),
                                         [](const PlanController &c) {
                                             return QVariant(QString::fromStdString(c.plan().hardware.migProfile));
                                         },
                                         textChoice("hardware.mig_profile")));
    m_migChoicesGpu = QString::fromStdString(m_controller->plan().hardware.gpu);
    auto *node = new ChoiceFieldRow(m_controller, QStringLiteral("hardware.node"), fieldLabel("hardware.node"),
                                    s->body(), nodeChoices(m_controller->catalog()),
                                    [](const PlanController &c) {
                                        const NodeSpec *n = c.plan().hardware.node.empty()
                                                                ? nullptr
                                                                : c.catalog().findNode(c.plan().hardware.node);
                                        return QVariant(QString::fromStdString(n ? n->id : c.plan().hardware.node));
                                    },
                                    textChoice("hardware.node"));
    node->setCurrentText([](const PlanController &c) {
        if (!c.plan().hardware.node.empty() || !c.isResolved() || !c.resolved().node)
            return QString();
        const NodeSpec &n = *c.resolved().node;
        return tr("Default: %1").arg(QString::fromStdString(n.name.empty() ? n.id : n.name));
    });
    m_nodeRow = add(s, node);
    add(s, new InfoRow(m_controller, QStringLiteral("hardware.nodes"), tr("Nodes"), s->body(), [](const PlanController &c) {
           const int perNode = std::max(c.resolved().gpusPerNode, 1);
           const int gpus = c.plan().hardware.numGpus;
           QString text = c.resolved().mig ? tr("%1 × %2 MIG instances (%3 GPUs of %4 each)")
                                                 .arg(groupedText((gpus + perNode - 1) / perNode))
                                                 .arg(perNode)
                                                 .arg(perNode / std::max(c.resolved().instancesPerGpu, 1))
                                                 .arg(c.resolved().instancesPerGpu)
                                           : tr("%1 × %2 GPUs").arg(groupedText((gpus + perNode - 1) / perNode)).arg(perNode);
           if (gpus % perNode != 0)
               text += tr(" (last node partly used)");
           return text;
       }));
}

void InputPanel::buildParallelism(CollapsibleSection *s)
{
    slider(s, "parallelism.tp");
    slider(s, "parallelism.pp");
    add(s, new InfoRow(m_controller, QStringLiteral("parallelism.dp"), fieldLabel("parallelism.dp"), s->body(),
                       [](const PlanController &c) {
                           const Layout &l = c.evaluation().layout;
                           if (!c.isResolved())
                               return QStringLiteral("—");
                           if (c.plan().parallelism.dp > 0)
                               return tr("%1 (set in the plan)").arg(groupedText(l.dp));
                           const long long group = static_cast<long long>(l.tp) * l.pp * l.cp;
                           // Never a false equation: when the group does not divide the GPUs
                           // there is no data-parallel degree to show.
                           if (l.numGpus % group != 0)
                               return tr("none: %1 GPUs are not a multiple of TP %2 × PP %3 × CP %4 (%5)")
                                   .arg(groupedText(l.numGpus))
                                   .arg(l.tp)
                                   .arg(l.pp)
                                   .arg(l.cp)
                                   .arg(groupedText(group));
                           return tr("%1 = %2 GPUs ÷ (TP %3 × PP %4 × CP %5)")
                               .arg(groupedText(l.dp), groupedText(l.numGpus))
                               .arg(l.tp)
                               .arg(l.pp)
                               .arg(l.cp);
                       }));
    slider(s, "parallelism.cp", TrainingOnly);
    slider(s, "parallelism.ep");
    slider(s, "parallelism.vp", TrainingOnly);
    check(s, "parallelism.sp", TrainingOnly);
    choice(s, "parallelism.schedule", TrainingOnly);
    std::vector<ChoiceFieldRow::Choice> zero{{tr("0 — none"), 0.0},
                                             {tr("1 — optimizer states"), 1.0},
                                             {tr("2 — + gradients"), 2.0},
                                             {tr("3 — + weights"), 3.0}};
    add(s,
        new ChoiceFieldRow(m_controller, QStringLiteral("parallelism.zero"), fieldLabel("parallelism.zero"), s->body(),
                           std::move(zero), [](const PlanController &c) { return QVariant(double(c.plan().parallelism.zero)); },
                           [this](const QVariant &v, QString &error) {
                               return m_controller->setNumber(QStringLiteral("parallelism.zero"), v.toDouble(), &error);
                           }),
        TrainingOnly);
    choice(s, "parallelism.sharding", TrainingOnly);
}

// What the training framework does with memory (docs/memory.md §9): the stack and its recompute,
// loss, offload and fine-tuning options. Folded by default: the presets' defaults suit most plans.
void InputPanel::buildTrainingStack(CollapsibleSection *s)
{
    // Picking a stack applies its preset (plan/FrameworkPresets.h) as one undo step: its sharding
    // implementation, and what its "selective" recompute is. The file and --set take the field alone.
    auto *framework = static_cast<ChoiceFieldRow *>(choice(s, "parallelism.framework", TrainingOnly));
    framework->setApply([this](const QVariant &v, QString &error) {
        const FieldSpec &field = spec("parallelism.framework");
        std::string message;
        if (!checkFieldValue(field, v.toDouble(), message)) {
            error = QString::fromStdString(message);
            return false;
        }
        const auto &names = field.enumTable().names;
        if (std::none_of(names.begin(), names.end(), [&v](const EnumName &n) { return n.value == v.toInt(); }))
            return m_controller->setNumber(QStringLiteral("parallelism.framework"), v.toDouble(), &error);   // its message
        if (field.getNumber(m_controller->plan()) == v.toDouble())
            return true;
        Plan plan = m_controller->plan();
        applyFrameworkPreset(plan, static_cast<Framework>(v.toInt()));
        m_controller->applyPlan(plan, tr("Framework: %1").arg(enumDisplayName(field.enumTable(), v.toInt())));
        return true;
    });
    choice(s, "parallelism.recompute", TrainingOnly);
    slider(s, "parallelism.recompute_every", TrainingOnly);
    add(s, new RecomputeModulesRow(m_controller, fieldLabel("parallelism.recompute_modules"), s->body()), TrainingOnly);
    choice(s, "workload.training.loss", TrainingOnly);
    slider(s, "workload.training.loss_chunks", TrainingOnly);
    for (const char *path : {"parallelism.activation_offload", "parallelism.optimizer_in_backward"})
        check(s, path, TrainingOnly);
    for (const char *path : {"parallelism.offload_optimizer", "parallelism.offload_params"})
        choice(s, path, TrainingOnly);
    for (const char *path : {"parallelism.compile", "workload.training.packed"})
        check(s, path, TrainingOnly);
    slider(s, "workload.training.padded_fill", TrainingOnly);
    slider(s, "parallelism.loader_workers", TrainingOnly);
    slider(s, "workload.training.lora_rank", TrainingOnly);
    check(s, "workload.training.lora_all_linear", TrainingOnly);
}

void InputPanel::buildPrecision(CollapsibleSection *s)
{
    choice(s, "precision.weights");
    choice(s, "precision.compute");
    for (const char *path : {"precision.gradients", "precision.optimizer_states", "precision.activations"})
        choice(s, path, TrainingOnly);
    choice(s, "precision.kv_cache", InferenceOnly);
    check(s, "precision.master_weights", TrainingOnly);
    choice(s, "precision.optimizer", TrainingOnly);
}

void InputPanel::buildCostFacility(CollapsibleSection *s)
{
    for (const char *path : {"facility.pue", "facility.gpu_utilization", "facility.rack_power_limit_kw",
                             "cost.electricity_usd_per_kwh"})
        slider(s, path);
    choice(s, "cost.cloud_pricing");
    for (const char *path : {"cost.cloud_gpu_hour_usd", "cost.gpu_price_usd"})
        slider(s, path);
    check(s, "cost.own_facility");
    for (const char *path : {"cost.onprem_utilization", "cost.horizon_months"})
        slider(s, path);
    // Elastic training: the node range the job keeps running over (the explanation of time to
    // train and the PDF show what it falls back to).
    check(s, "reliability.elastic", TrainingOnly);
    for (const char *path : {"reliability.elastic_min_nodes", "reliability.elastic_max_nodes"})
        slider(s, path, TrainingOnly);
    // Storage by role: every role left at "same" is on the storage tier.
    for (const char *path : {"storage.tier", "storage.data_tier", "storage.checkpoint_tier"})
        choice(s, path);
    for (const char *path : {"storage.cache_tier", "storage.archive_tier"})
        choice(s, path, TrainingOnly);
}

// What one training sample is and what loading it costs (docs/facility-and-cost.md "Data path").
// The sizes and decode cost left at "auto" come from the kind's preset; their sliders stand at it.
// The loader workers are in TRAINING STACK (they also count in host memory).
void InputPanel::buildDataPipeline(CollapsibleSection *s)
{
    choice(s, "data.kind", TrainingOnly);
    for (const char *path : {"data.resolution_px", "data.clip_frames"})
        slider(s, path, TrainingOnly);
    const auto dataPath = [](double DataPathResult::*figure, double scale) {
        return [figure, scale](const PlanController &c) {
            return c.isResolved() && c.evaluation().dataPath.known ? c.evaluation().dataPath.*figure * scale : 0.0;
        };
    };
    add(s, new SliderFieldRow(m_controller, spec("data.bytes_per_sample"), fieldLabel("data.bytes_per_sample"), s->body(),
                              dataPath(&DataPathResult::bytesPerSample, 1.0)),
        TrainingOnly);
    add(s, new SliderFieldRow(m_controller, spec("data.decode_cpu_ms_per_sample"), fieldLabel("data.decode_cpu_ms_per_sample"),
                              s->body(), dataPath(&DataPathResult::decodeCpuSPerSample, 1000.0)),
        TrainingOnly);
    for (const char *path : {"data.gpu_decode_ms_per_sample", "data.prefetch_factor"})
        slider(s, path, TrainingOnly);
}

void InputPanel::refreshCatalogChoices()
{
    static_cast<ChoiceFieldRow *>(m_presetRow)->setChoices(presetChoices(m_controller->catalog()));
    static_cast<ChoiceFieldRow *>(m_gpuRow)->setChoices(gpuChoices(m_controller->catalog()));
    static_cast<ChoiceFieldRow *>(m_nodeRow)->setChoices(nodeChoices(m_controller->catalog()));
    m_migChoicesGpu.clear();   // the catalog's GPU may have other profiles now
    onEvaluationChanged();
}

void InputPanel::onEvaluationChanged()
{
    // The MIG profiles are the GPU's own: the list follows a change of GPU.
    if (const QString gpu = QString::fromStdString(m_controller->plan().hardware.gpu); gpu != m_migChoicesGpu) {
        m_migChoicesGpu = gpu;
        static_cast<ChoiceFieldRow *>(m_migRow)->setChoices(migChoices(m_controller->catalog().findGpu(gpu.toStdString())));
    }
    const Workload &w = m_controller->plan().workload;
    const int mode = w.mode == Mode::Training                                ? TrainingOnly
                     : w.inference.servingMode == ServingMode::Disaggregated ? InferenceOnly | DisaggregatedOnly
                                                                             : InferenceOnly | AggregatedOnly;
    for (auto &[row, mask] : m_rows) {
        const bool visible = (mask & mode) != 0;
        if (visible != row->isRowVisible())
            row->setRowVisible(visible);
        row->sync();
    }
    updateMessages();
}

void InputPanel::updateMessages()
{
    std::map<QString, std::vector<FieldMessage>> byField;
    for (FieldMessage &m : m_controller->fieldMessages())
        byField[m.field].push_back(std::move(m));
    // Problems about fields without a visible control still have to be seen: at the top of the
    // panel, those of a folded section's rows with the section's name.
    QStringList general;
    Severity worst = Severity::Info;
    const auto addGeneral = [&general, &worst](const QString &where, const std::vector<FieldMessage> &messages) {
        for (const FieldMessage &m : messages) {
            general << QStringLiteral("%1: %2").arg(where, m.text);
            worst = std::max(worst, m.severity);
        }
    };
    for (auto &[row, mask] : m_rows) {
        auto it = byField.find(row->path());
        if (it != byField.end() && row->isRowVisible()) {
            const auto folded = std::find_if(m_sections.begin(), m_sections.end(), [row](const CollapsibleSection *s) {
                return !s->isExpanded() && s->isAncestorOf(row->label());
            });
            if (folded != m_sections.end())
                addGeneral(tr("%1 (%2)").arg(row->label()->text(), (*folded)->header()->text()), it->second);
            row->setFieldMessages(std::move(it->second));
            byField.erase(it);
        } else {
            row->setFieldMessages({});
        }
    }
    for (const auto &[field, messages] : byField)
        addGeneral(fieldLabel(field.toStdString()), messages);
    m_general->setText(general.join(QLatin1Char('\n')));
    const QColor color = worst == Severity::Error ? errorColor(palette()) : worst == Severity::Warning ? warningColor(palette())
                                                                                                      : palette().color(QPalette::WindowText);
    const QString sheet = QStringLiteral("color: %1; padding: 4px;").arg(color.name());
    if (m_general->styleSheet() != sheet)
        m_general->setStyleSheet(sheet);
    m_general->setVisible(!general.isEmpty());
}

void InputPanel::alignColumns()
{
    int labelWidth = 0;
    int unitWidth = 0;
    for (const auto &[row, mask] : m_rows)
        labelWidth = std::max(labelWidth, row->label()->sizeHint().width());
    for (QLabel *unit : m_content->findChildren<QLabel *>()) {
        if (unit->objectName().startsWith(QLatin1String("unit:")))
            unitWidth = std::max(unitWidth, unit->sizeHint().width());
    }
    const int spinWidth = fontMetrics().horizontalAdvance(QStringLiteral("100,000,000")) + 36;
    for (QAbstractSpinBox *spin : m_content->findChildren<QAbstractSpinBox *>())
        spin->setFixedWidth(spinWidth);
    for (CollapsibleSection *s : m_sections) {
        s->grid()->setColumnMinimumWidth(0, labelWidth);
        s->grid()->setColumnMinimumWidth(2, spinWidth);
        s->grid()->setColumnMinimumWidth(3, unitWidth);
    }
    const int sliderWidth = fontMetrics().horizontalAdvance(QLatin1Char('m')) * 6;
    for (QSlider *s : m_content->findChildren<QSlider *>())
        s->setMinimumWidth(sliderWidth);
    // Wide enough for the widest row: nothing is clipped and no horizontal scrolling.
    m_content->layout()->activate();
    setMinimumWidth(m_content->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() + 2 * frameWidth());
}

void InputPanel::changeEvent(QEvent *event)
{
    QScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        alignColumns();
    if (event->type() == QEvent::PaletteChange) {
        for (auto &[row, mask] : m_rows)
            row->refreshColors();
        updateMessages();
    }
}

bool InputPanel::eventFilter(QObject *watched, QEvent *event)
{
    // The wheel scrolls the panel unless the control under it has keyboard focus: scrolling
    // through the inputs must not change the plan.
    // Only the row controls: the scroll area also filters its own viewport's events through here.
    if (event->type() == QEvent::Wheel && isRowControl(watched)) {
        auto *w = static_cast<QWidget *>(watched);
        if (!w->hasFocus()) {
            QCoreApplication::sendEvent(viewport(), event);
            return true;
        }
    }
    return QScrollArea::eventFilter(watched, event);
}

FieldRow *InputPanel::row(const QString &path) const
{
    auto it = m_byPath.find(path);
    return it == m_byPath.end() ? nullptr : it->second;
}

QSlider *InputPanel::slider(const QString &path) const
{
    auto *r = qobject_cast<SliderFieldRow *>(row(path));
    return r ? r->slider() : nullptr;
}

QAbstractSpinBox *InputPanel::spinBox(const QString &path) const
{
    auto *r = qobject_cast<SliderFieldRow *>(row(path));
    return r ? r->spinBox() : nullptr;
}

QComboBox *InputPanel::comboBox(const QString &path) const
{
    auto *r = qobject_cast<ChoiceFieldRow *>(row(path));
    return r ? r->comboBox() : nullptr;
}

QString InputPanel::messageFor(const QString &path) const
{
    FieldRow *r = row(path);
    return r ? r->messageText() : QString();
}

QString InputPanel::generalMessages() const
{
    return m_general->isHidden() ? QString() : m_general->text();
}

CollapsibleSection *InputPanel::section(const QString &title) const
{
    for (CollapsibleSection *s : m_sections) {
        if (s->objectName() == title || s->header()->text() == title)
            return s;
    }
    return nullptr;
}

} // namespace gpuplan::ui
