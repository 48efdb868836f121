// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "UiTestFixtures.h"

#include "charts/MemoryChart.h"
#include "document/PlanController.h"
#include "inputs/CollapsibleSection.h"
#include "inputs/FieldRow.h"
#include "inputs/InputPanel.h"
#include "results/ResultsPanel.h"

#include "plan/PlanFields.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <memory>
#include <span>
#include <utility>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

// The input panel on the fixture training plan, and the checks the input-panel tests share: an
// edit through each field's control is one undo step, a value out of bounds is refused.
namespace gpuplan::test {

using namespace gpuplan::ui;

struct Fixture
{
    PlanController controller{test::fixtureCatalog()};
    ResultsPanel results{&controller};
    MemoryChart *chart = nullptr;
    std::unique_ptr<InputPanel> panel;

    Fixture()
    {
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        controller.undoStack()->clear();
        chart = new MemoryChart;
        results.addTab(chart);
        panel = std::make_unique<InputPanel>(&controller);
    }
};

// Each field's control edits the plan as one undo step that changes exactly that field; undo
// restores the plan.
inline void editEachAndUndo(Fixture &f, CollapsibleSection *section, std::span<const char *const> paths)
{
    const Plan original = f.controller.plan();
    for (const char *path : paths) {
        const QString name = QString::fromUtf8(path);
        const FieldSpec &spec = *findPlanField(path);
        FieldRow *row = f.panel->row(name);
        QVERIFY2(row, path);
        QVERIFY2(row->isRowVisible(), path);
        QVERIFY2(section->isAncestorOf(row->label()), path);
        const double before = spec.getNumber(f.controller.plan());
        if (spec.type == FieldType::Bool) {
            auto *box = f.panel->findChild<QCheckBox *>(QStringLiteral("check:") + name);
            QVERIFY2(box, path);
            box->setChecked(before == 0.0);
        } else if (spec.type == FieldType::Enum) {
            QComboBox *combo = f.panel->comboBox(name);
            QVERIFY2(combo, path);
            const int other = combo->currentIndex() == 0 ? 1 : 0;
            combo->setCurrentIndex(other);
            emit combo->activated(other);
        } else {
            QAbstractSpinBox *box = f.panel->spinBox(name);
            QVERIFY2(box, path);
            // A value inside the registry's bounds, other than the current one.
            const double target = before == spec.max ? spec.min : spec.max;
            if (auto *spin = qobject_cast<QSpinBox *>(box))
                spin->setValue(static_cast<int>(target));
            else
                qobject_cast<QDoubleSpinBox *>(box)->setValue(target);
        }
        const double after = spec.getNumber(f.controller.plan());
        QVERIFY2(after != before, path);
        QVERIFY2(f.controller.undoStack()->count() == 1, path);
        f.controller.undoStack()->undo();
        QVERIFY2(spec.getNumber(f.controller.plan()) == before, path);
        QVERIFY2(planToJson(f.controller.plan()) == planToJson(original), path);
        f.controller.undoStack()->clear();
    }
}

// Each value out of its field's bounds is refused with the registry's message naming the field,
// leaving the plan as it was and no undo step.
inline void refuseEach(Fixture &f, std::initializer_list<std::pair<const char *, double>> values)
{
    const Plan before = f.controller.plan();
    for (const auto &[path, bad] : values) {
        QString error;
        QVERIFY2(!f.controller.setNumber(QString::fromUtf8(path), bad, &error), path);
        std::string expected;
        QVERIFY(!checkFieldValue(*findPlanField(path), bad, expected));
        QCOMPARE(error, QString::fromStdString(expected));
        QVERIFY2(error.contains(QString::fromUtf8(path)), path);
        QCOMPARE(f.controller.undoStack()->count(), 0);
        QVERIFY(planToJson(f.controller.plan()) == planToJson(before));
    }
}

} // namespace gpuplan::test
