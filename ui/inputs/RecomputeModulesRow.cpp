// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/RecomputeModulesRow.h"

#include "document/FieldLabels.h"

#include "plan/PlanFields.h"
#include "plan/RecomputeModules.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QLabel>

namespace gpuplan::ui {

namespace {

// In the order of RecomputeModules.h; the names are the field's own words (Megatron-Core's).
constexpr std::uint32_t kModules[] = {
    recompute_module::kCoreAttn,      recompute_module::kLayernorm, recompute_module::kMlaUpProj,
    recompute_module::kMoeAct,        recompute_module::kMlp,       recompute_module::kMoe,
    recompute_module::kSharedExperts,
};

}   // namespace

RecomputeModulesRow::RecomputeModulesRow(PlanController *controller, const QString &label, QWidget *parent)
    : FieldRow(controller, QStringLiteral("parallelism.recompute_modules"), label, parent), m_boxes(new QWidget(parent))
{
    auto *grid = new QGridLayout(m_boxes);
    grid->setContentsMargins(0, 0, 0, 0);
    int i = 0;
    for (const std::uint32_t bit : kModules) {
        const QString name = QString::fromStdString(recomputeModulesText(bit));
        auto *box = new QCheckBox(name, m_boxes);
        box->setObjectName(QStringLiteral("check:parallelism.recompute_modules:") + name);
        box->setFocusPolicy(Qt::StrongFocus);
        connect(box, &QCheckBox::toggled, this, [this] {
            std::uint32_t modules = 0;
            for (const auto &[b, moduleBit] : m_checks)
                modules |= b->isChecked() ? moduleBit : 0u;
            applyText(QString::fromStdString(recomputeModulesText(modules)));
        });
        grid->addWidget(box, i / 2, i % 2);
        m_checks.emplace_back(box, bit);
        ++i;
    }
    addWidget(m_boxes);
    if (const FieldSpec *field = findPlanField("parallelism.recompute_modules"))
        setToolTipText(fieldToolTip(*field));
    this->label()->setBuddy(m_checks.front().first);
}

void RecomputeModulesRow::addToGrid(QGridLayout *grid, int row)
{
    grid->addWidget(label(), row, 0, Qt::AlignTop);
    grid->addWidget(m_boxes, row, 1, 1, 3);
    grid->addWidget(messageLabel(), row + 1, 1, 1, 3);
}

void RecomputeModulesRow::sync()
{
    const std::uint32_t modules = m_controller->plan().parallelism.recomputeModules;
    for (const auto &[box, bit] : m_checks) {
        const QSignalBlocker block(box);
        box->setChecked((modules & bit) != 0);
    }
}

}   // namespace gpuplan::ui
