// SPDX-License-Identifier: GPL-3.0-or-later
// Text from plan and catalog files is shown literally everywhere (docs/robustness.md "Untrusted
// files"): a plan or GPU named <b>x</b><img src=/etc/passwd> must appear as those characters,
// never as bold text, and never make Qt's rich-text engine load /etc/passwd as an image. The
// window title, the input panel and the key results are checked for the literal text; every
// label and tooltip of the window is checked not to render the markup.
#include "UiTestFixtures.h"

#include "MainWindow.h"
#include "Settings.h"
#include "document/PlanController.h"
#include "inputs/InputPanel.h"
#include "results/KeyResultsStrip.h"
#include "results/ResultsPanel.h"

#include "catalog/CatalogLoader.h"

#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

const QString kHostile = QStringLiteral("<b>x</b><img src=/etc/passwd>");

bool rendersRich(Qt::TextFormat format, const QString &text)
{
    return format == Qt::RichText || format == Qt::MarkdownText || (format == Qt::AutoText && Qt::mightBeRichText(text));
}

// What a person sees: the text itself, or the text of the rendered markup.
QString shown(Qt::TextFormat format, const QString &text)
{
    if (!rendersRich(format, text))
        return text;
    QTextDocument doc;
    doc.setHtml(text);
    return doc.toPlainText();
}

// Every label or tooltip under root that would interpret the hostile markup.
QStringList markupProblems(const QWidget *root)
{
    QStringList problems;
    auto check = [&](const QObject *o, const char *what, Qt::TextFormat format, const QString &text) {
        if (text.contains(QStringLiteral("<img src=/etc/passwd>")) && rendersRich(format, text))
            problems << QStringLiteral("%1 %2 (%3) renders markup: %4")
                            .arg(QString::fromUtf8(o->metaObject()->className()), o->objectName(),
                                 QString::fromUtf8(what), text);
    };
    QList<const QWidget *> widgets{root};
    for (const QWidget *w : root->findChildren<const QWidget *>())
        widgets << w;
    for (const QWidget *w : widgets) {
        check(w, "tooltip", Qt::AutoText, w->toolTip());   // tooltips detect rich text on their own
        if (const auto *label = qobject_cast<const QLabel *>(w))
            check(label, "text", label->textFormat(), label->text());
    }
    return problems;
}

// True when some label or tooltip under root shows the hostile text literally.
bool showsLiterally(const QWidget *root)
{
    for (const QWidget *w : root->findChildren<const QWidget *>()) {
        if (shown(Qt::AutoText, w->toolTip()).contains(kHostile))
            return true;
        if (const auto *label = qobject_cast<const QLabel *>(w); label && shown(label->textFormat(), label->text()).contains(kHostile))
            return true;
    }
    return false;
}

} // namespace

class TestUntrustedText final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void hostileNamesAreShownLiterally()
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_untrustedtext-XXXXXX"));
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        // A user catalog entry with a hostile display name, resolving like the H100.
        Catalog catalog = test::fixtureCatalog();
        std::vector<CatalogIssue> issues;
        const std::string gpuEntry = R"({"format": "gpuplan-catalog", "version": 1, "gpus": [{"id": "evil-gpu",
            "name": "<b>x</b><img src=/etc/passwd>", "source": "<b>x</b><img src=/etc/passwd>", "memory_gb": 80,
            "memory_bandwidth_tbps": 3.35, "tflops": {"bf16": 989.4}, "tdp_w": 700, "default_node": "dgx-h100"}]})";
        mergeCatalogText(catalog, gpuEntry, "evil.json", issues);
        QVERIFY(issues.empty());

        PlanController controller(std::move(catalog));
        MainWindow window(&controller, &settings);
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QVERIFY(controller.setText(QStringLiteral("name"), kHostile));
        QVERIFY(controller.setText(QStringLiteral("model.name"), kHostile));
        QVERIFY(controller.setText(QStringLiteral("prepared_by"), kHostile));
        QVERIFY(controller.setText(QStringLiteral("hardware.gpu"), QStringLiteral("evil-gpu")));
        QVERIFY(controller.isResolved());
        QCoreApplication::processEvents();
        // The window title is plain text by nature; it shows the plan's name as typed.
        QVERIFY2(window.windowTitle().contains(kHostile), qPrintable(window.windowTitle()));
        QStringList problems = markupProblems(&window);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));

        // An unknown GPU named with markup: the error appears at the field and on the key results.
        QVERIFY(controller.setText(QStringLiteral("hardware.gpu"), kHostile));
        QVERIFY(!controller.isResolved());
        QCoreApplication::processEvents();
        problems = markupProblems(&window);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
        QVERIFY2(showsLiterally(window.inputPanel()), "the input panel does not show the unknown GPU literally");
        auto *keyResults = window.resultsPanel()->findChild<KeyResultsStrip *>();
        QVERIFY(keyResults);
        QVERIFY2(showsLiterally(keyResults), "the key results do not show the unknown GPU literally");
    }
};

QTEST_MAIN(TestUntrustedText)
#include "tst_untrustedtext.moc"
