// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/GrowthDialog.h"

#include "NumberText.h"

#include "document/BackgroundJob.h"
#include "document/PlanController.h"
#include "results/ComparisonTab.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gpuplan::ui {

namespace {

QDoubleSpinBox *scaleBox()
{
    auto *box = new QDoubleSpinBox;
    box->setRange(kMinGrowthScale, kMaxGrowthScale);
    box->setDecimals(2);
    box->setSingleStep(0.25);
    box->setValue(1);
    box->setSuffix(QStringLiteral(" ×"));
    return box;
}

} // namespace

GrowthDialog::GrowthDialog(PlanController *controller, ComparisonTab *compare, QWidget *parent)
    : QDialog(parent), m_controller(controller), m_compare(compare), m_job(new BackgroundJob(this)),
      m_model(scaleBox()), m_work(scaleBox()), m_years(new QSpinBox), m_workLabel(new QLabel), m_status(new QLabel),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Compare with the plan grown"));
    m_years->setRange(kMinGrowthYears, kMaxGrowthYears);
    m_years->setValue(1);
    m_model->setToolTip(tr("Layers × this (rounded); width, heads and vocabulary held"));
    auto *form = new QFormLayout;
    form->addRow(tr("&Model size"), m_model);
    form->addRow(m_workLabel, m_work);
    form->addRow(tr("&Years from now"), m_years);
    m_status->setWordWrap(true);
    m_status->setText(tr("The grown plan is sized again to keep today's time to train (training) or P99 targets "
                         "(serving) and added to the Compare tab. Prices, electricity, PUE and efficiencies are held "
                         "as today: the catalog has no trend for them."));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Add to Compare"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &GrowthDialog::start);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(this, &GrowthDialog::grown, this, [this](const GrowthResult &result) {
        m_compare->addPlan(sizedPlan(m_controller->plan(), result), columnName(result));
        accept();
    });
    updateMode();
}

GrowthDialog::~GrowthDialog() = default;

void GrowthDialog::updateMode()
{
    const bool serving = m_controller->plan().workload.mode == Mode::Inference;
    m_workLabel->setText(serving ? tr("&Traffic (request rate)") : tr("&Training tokens"));
}

GrowthRequest GrowthDialog::request() const
{
    GrowthRequest r;
    r.modelScale = m_model->value();
    (m_controller->plan().workload.mode == Mode::Inference ? r.trafficScale : r.tokensScale) = m_work->value();
    r.years = m_years->value();
    return r;
}

void GrowthDialog::setRequest(const GrowthRequest &request)
{
    m_model->setValue(request.modelScale);
    m_work->setValue(m_controller->plan().workload.mode == Mode::Inference ? request.trafficScale : request.tokensScale);
    m_years->setValue(request.years);
}

bool GrowthDialog::isComputing() const
{
    return m_job->isBusy();
}

QString GrowthDialog::statusText() const
{
    return m_status->text();
}

void GrowthDialog::start()
{
    updateMode();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    m_status->setText(tr("Sizing the grown plan …"));
    m_job->submit([this]() -> BackgroundJob::Work {
        auto plan = std::make_shared<const Plan>(m_controller->plan());
        auto catalog = std::make_shared<const Catalog>(m_controller->catalog());
        const GrowthRequest r = request();
        return [this, plan, catalog, r](const std::atomic<bool> &) -> BackgroundJob::Deliver {
            auto result = std::make_shared<GrowthResult>();
            auto error = std::make_shared<std::string>();
            const bool ok = planGrowth(*plan, *catalog, r, *result, *error);
            return [this, ok, result, error] {
                m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
                if (!ok) {
                    m_status->setText(tr("Cannot grow this plan: %1").arg(QString::fromStdString(*error)));
                    return;
                }
                m_status->setText(columnName(*result));
                emit grown(*result);
            };
        };
    });
}

Plan GrowthDialog::sizedPlan(const Plan &plan, const GrowthResult &result)
{
    Plan p = grownPlan(plan, result.request);
    Layout layout = result.grown.layout;
    layout.numGpus = result.grown.gpus;
    writeLayout(layout, p);
    p.hardware.numGpus = result.grown.gpus;
    p.parallelism.dp = 0;   // derived from the GPU count
    return p;
}

QString GrowthDialog::columnName(const GrowthResult &r)
{
    // Two header lines keep the columns narrow, as the Compare tab's copies do.
    return tr("In %1 year%2: model ×%3, %4 ×%5\n(%6 GPUs%7)")
        .arg(r.request.years)
        .arg(r.request.years == 1 ? QString() : QStringLiteral("s"))
        .arg(r.request.modelScale)
        .arg(r.serving ? tr("traffic") : tr("tokens"))
        .arg(r.serving ? r.request.trafficScale : r.request.tokensScale)
        .arg(groupedText(r.grown.gpus))
        .arg(r.meetsTarget ? QString() : tr(", target missed"));
}

} // namespace gpuplan::ui
