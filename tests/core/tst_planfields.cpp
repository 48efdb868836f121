// SPDX-License-Identifier: GPL-3.0-or-later
// The plan field registry: unique paths, sane bounds, accessors that round-trip.
#include "plan/Plan.h"
#include "plan/PlanFields.h"
#include "plan/RecomputeModules.h"

#include <QTest>

#include <set>

using namespace gpuplan;

class TestPlanFields final : public QObject
{
    Q_OBJECT

private slots:
    void pathsAreUniqueAndBoundsOrdered() const
    {
        std::set<std::string> seen;
        for (const FieldSpec &f : planFields()) {
            QVERIFY2(seen.insert(f.path).second, f.path);
            QVERIFY2(f.help && *f.help, f.path);
            if (f.type == FieldType::Int || f.type == FieldType::Real)
                QVERIFY2(f.min <= f.max, f.path);
            if (f.type == FieldType::Enum)
                QVERIFY2(f.enumTable != nullptr, f.path);
        }
        QVERIFY(seen.size() > 100);
        QVERIFY(findPlanField("hardware.num_gpus"));
        QVERIFY(!findPlanField("hardware"));
    }

    void defaultsAreWithinBounds() const
    {
        const Plan p;
        for (const FieldSpec &f : planFields()) {
            if (f.type != FieldType::Int && f.type != FieldType::Real)
                continue;
            std::string message;
            QVERIFY2(checkFieldValue(f, f.getNumber(p), message), message.c_str());
        }
    }

    void accessorsRoundTrip() const
    {
        Plan p;
        for (const FieldSpec &f : planFields()) {
            switch (f.type) {
            case FieldType::Int:
            case FieldType::Real:
                f.setNumber(p, f.max);
                QCOMPARE(f.getNumber(p), f.max);
                break;
            case FieldType::Bool:
                f.setNumber(p, 1);
                QCOMPARE(f.getNumber(p), 1.0);
                break;
            case FieldType::Enum:
                f.setNumber(p, f.enumTable().names.back().value);
                QCOMPARE(static_cast<int>(f.getNumber(p)), f.enumTable().names.back().value);
                break;
            case FieldType::Text: {
                // The recompute modules are a bit set: they read back as names in their fixed order.
                const bool modules = std::string_view(f.path) == "parallelism.recompute_modules";
                f.setText(p, modules ? "moe_act core_attn" : "x");
                QCOMPARE(f.getText(p), std::string(modules ? "core_attn moe_act" : "x"));
                break;
            }
            }
        }
    }

    void messagesNameFieldValueAndRange() const
    {
        const FieldSpec *f = findPlanField("parallelism.dp");
        std::string message;
        QVERIFY(checkFieldValue(*f, 0, message));   // sentinel: derived
        QVERIFY(!checkFieldValue(*f, -3, message));
        QCOMPARE(message, std::string("parallelism.dp: value -3; expected an integer from 1 to 1,000,000 replicas "
                                      "(or 0 = derived from the GPU count)"));
        QVERIFY(!checkFieldValue(*findPlanField("facility.pue"), std::numeric_limits<double>::infinity(), message));
        QVERIFY(message.find("non-finite") != std::string::npos);
    }

    // parallelism.recompute_modules: Megatron-Core's --recompute-modules names, separated by spaces
    // or commas, each at most once; anything else is refused with the list of names.
    void recomputeModulesBoundsAndMessages() const
    {
        const FieldSpec *f = findPlanField("parallelism.recompute_modules");
        QVERIFY(f);
        QCOMPARE(f->type, FieldType::Text);
        std::string message;
        for (const char *ok : {"", "core_attn", "layernorm mla_up_proj moe_act", "moe,shared_experts", " mlp "})
            QVERIFY2(checkFieldText(*f, ok, message), ok);
        QVERIFY(!checkFieldText(*f, "core_attn core_attn", message));
        QVERIFY(!checkFieldText(*f, "attention", message));
        QCOMPARE(message, std::string("parallelism.recompute_modules: \"attention\"; expected text of at most 200 "
                                      "characters: empty (the attention core), or names separated by spaces from "
                                      "core_attn, layernorm, mla_up_proj, moe_act, mlp, moe, shared_experts"));
        Plan p;
        f->setText(p, "moe,layernorm");
        QCOMPARE(p.parallelism.recomputeModules, recompute_module::kLayernorm | recompute_module::kMoe);
        f->setText(p, "nonsense");   // refused text changes nothing
        QCOMPARE(p.parallelism.recomputeModules, recompute_module::kLayernorm | recompute_module::kMoe);
        QCOMPARE(f->getText(p), std::string("layernorm moe"));
    }

    // The PDF branding fields (docs/plan-format.md): the organisation is text of at most 200
    // characters; the logo a path of at most 4,096 (Linux PATH_MAX) naming a PNG, JPEG or SVG file.
    void reportBrandingBoundsAndMessages() const
    {
        const FieldSpec *organisation = findPlanField("report.organisation");
        const FieldSpec *logo = findPlanField("report.logo");
        QVERIFY(organisation && logo);
        QCOMPARE(organisation->type, FieldType::Text);
        QCOMPARE(organisation->max, 200.0);
        QCOMPARE(logo->max, 4096.0);
        std::string message;
        QVERIFY(checkFieldText(*organisation, std::string(200, 'o'), message));
        QVERIFY(!checkFieldText(*organisation, std::string(201, 'o'), message));
        QCOMPARE(message, std::string("report.organisation: text of 201 bytes; expected text of at most 200 characters"));

        for (const char *ok : {"", "logo.png", "Logo.PNG", "art/mark.svg", "/srv/brand/photo.JPEG", "x.jpg"})
            QVERIFY2(checkFieldText(*logo, ok, message), ok);
        const std::string allowed = "expected text of at most 4,096 characters: empty, or the path of a PNG, JPEG or "
                                    "SVG file (.png, .jpg, .jpeg or .svg; no control characters)";
        QVERIFY(!checkFieldText(*logo, "logo.gif", message));
        QCOMPARE(message, "report.logo: \"logo.gif\"; " + allowed);
        QVERIFY(!checkFieldText(*logo, "png", message));
        QVERIFY(!checkFieldText(*logo, "logo.png.bak", message));
        // A control character never reaches the message's line as it is.
        QVERIFY(!checkFieldText(*logo, "my\nlogo.png", message));
        QCOMPARE(message, "report.logo: \"my?logo.png\"; " + allowed);
        const std::string longPath = "/" + std::string(4091, 'd') + ".png";   // 4,096 bytes
        QVERIFY(checkFieldText(*logo, longPath, message));
        QVERIFY(!checkFieldText(*logo, "/" + longPath, message));
        QCOMPARE(message, "report.logo: text of 4097 bytes; " + allowed);
        // A plan built in code is held to the same rule.
        Plan p;
        p.report.logo = "logo.bmp";
        QVERIFY(!checkPlanBounds(p, message));
        QCOMPARE(message, "report.logo: \"logo.bmp\"; " + allowed);
    }
};

QTEST_APPLESS_MAIN(TestPlanFields)
#include "tst_planfields.moc"
