// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan: the desktop planner. `gpuplan [PLAN]` opens a plan; `--screenshot FILE` renders the
// main window to a PNG and exits (works without a display); `--bench` measures responsiveness.
#include "Bench.h"
#include "RecoveryOptions.h"

#include "MainWindow.h"
#include "Settings.h"
#include "TeachingViews.h"
#include "charts/ResultTab.h"
#include "charts/ScalingChart.h"
#include "document/Autosave.h"
#include "document/DocumentActions.h"
#include "document/PlanController.h"
#include "report/PlanReport.h"
#include "results/ResultTabs.h"
#include "results/ResultsPanel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QImage>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

namespace {

bool hasAnyArgument(int argc, char **argv, std::initializer_list<const char *> names)
{
    for (int i = 1; i < argc; ++i) {
        for (const char *name : names) {
            if (std::strcmp(argv[i], name) == 0)
                return true;
        }
    }
    return false;
}

// Screenshots, benchmarks, --help and --version need no screen; without one Qt would abort, so
// pick the offscreen platform before QApplication exists.
void chooseHeadlessPlatform(int argc, char **argv)
{
    const bool headless = hasAnyArgument(argc, argv, {"--screenshot", "--bench", "--export-pdf", "--recover", "--help", "-h", "--help-all", "--version", "-v"});
    if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Without a session there is no runtime directory; give Qt a private one rather than have it
    // warn on every headless run.
    if (headless && qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        const std::string dir = "/tmp/gpuplan-runtime-" + std::to_string(::getuid());
        if (::mkdir(dir.c_str(), 0700) == 0 || errno == EEXIST)
            qputenv("XDG_RUNTIME_DIR", QByteArray::fromStdString(dir));
    }
}

bool parseSize(const QString &text, QSize &size)
{
    static const QRegularExpression re(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return false;
    size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    return size.width() >= 320 && size.height() >= 240 && size.width() <= 10000 && size.height() <= 10000;
}

int fail(const QString &message)
{
    std::fprintf(stderr, "gpuplan: %s\n", qPrintable(message));
    return 1;
}

} // namespace

int main(int argc, char **argv)
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    chooseHeadlessPlatform(argc, argv);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gpuplan"));
    QApplication::setOrganizationName(QStringLiteral("gpuplan"));
    QApplication::setApplicationVersion(QStringLiteral(GPUPLAN_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Plans GPU infrastructure for training and serving large "
                                                    "language models."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Render the main window to FILE (PNG) and exit."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption size(QStringLiteral("size"),
                                  QStringLiteral("Window size for --screenshot and --bench (default 1600x1000)."),
                                  QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption bench(QStringLiteral("bench"),
                                   QStringLiteral("Measure slider-to-result and start-up times, print them, exit."));
    const QCommandLineOption changes(QStringLiteral("bench-changes"),
                                     QStringLiteral("Slider changes per result tab measured by --bench (default 240)."),
                                     QStringLiteral("N"), QStringLiteral("240"));
    const QCommandLineOption theme(QStringLiteral("theme"),
                                   QStringLiteral("Colour theme for this run: system, light or dark."),
                                   QStringLiteral("THEME"));
    const QCommandLineOption presentation(QStringLiteral("presentation"),
                                          QStringLiteral("Large fonts for this run (presentation mode)."));
    const QCommandLineOption tab(QStringLiteral("tab"),
                                 QStringLiteral("Result tab to show, by its title in lower case with '-' between "
                                                "words: memory, scaling, step-time, cost, power-and-cooling, ... "
                                                "(a unique prefix will do)."),
                                 QStringLiteral("NAME"));
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("Open a view first: %1.")
                                      .arg(gpuplan::ui::viewNames().join(QStringLiteral(", "))),
                                  QStringLiteral("NAME"));
    const QCommandLineOption compareWith(QStringLiteral("compare"),
                                         QStringLiteral("With --view compare: a plan file to compare (repeatable)."),
                                         QStringLiteral("FILE"));
    parser.addOptions({screenshot, size, bench, changes, theme, presentation, tab, view, compareWith});
    gpuplan::app::RecoveryOptions recovery;   // --set, --autosave-seconds, --recover
    recovery.addTo(parser);
    const QCommandLineOption exportPdf(QStringLiteral("export-pdf"),
                                       QStringLiteral("Write the PDF plan summary of the PLAN files (several: one comparison "
                                                      "report) to FILE and exit; needs no display."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption pageSize(QStringLiteral("page-size"), QStringLiteral("Paper for --export-pdf: a4 or letter."),
                                      QStringLiteral("SIZE"), QStringLiteral("a4"));
    parser.addOptions({exportPdf, pageSize});
    parser.addPositionalArgument(QStringLiteral("PLAN"), QStringLiteral("A .gpuplan file to open."), QStringLiteral("[PLAN]"));
    parser.process(app);
    if (parser.isSet(exportPdf))
        return gpuplan::ui::report::runPdfExportCommand(parser.value(exportPdf), parser.positionalArguments(),
                                                        parser.value(pageSize), QStringLiteral("gpuplan " GPUPLAN_VERSION));

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(QStringLiteral("expected at most one plan file, got %1 (see --help)").arg(positional.size()));
    const QString planPath = positional.value(0);
    const bool scripted = parser.isSet(screenshot) || parser.isSet(bench);
    QSize windowSize;
    if (!parseSize(parser.value(size), windowSize))
        return fail(QStringLiteral("--size: \"%1\"; expected WIDTHxHEIGHT from 320x240 to 10000x10000, e.g. 1600x1000")
                        .arg(parser.value(size)));
    bool changesOk = false;
    const int benchChanges = parser.value(changes).toInt(&changesOk);
    if (!changesOk || benchChanges < 1 || benchChanges > 100000)
        return fail(QStringLiteral("--bench-changes: \"%1\"; expected an integer from 1 to 100,000").arg(parser.value(changes)));

    if (QString error; !recovery.read(parser, error))
        return fail(error);

    std::optional<gpuplan::ui::Theme> themeOverride;
    if (parser.isSet(theme)) {
        for (auto t : {gpuplan::ui::Theme::System, gpuplan::ui::Theme::Light, gpuplan::ui::Theme::Dark}) {
            if (parser.value(theme) == gpuplan::ui::themeName(t))
                themeOverride = t;
        }
        if (!themeOverride)
            return fail(QStringLiteral("--theme: \"%1\"; expected system, light or dark").arg(parser.value(theme)));
    }

    // Scripted runs use fresh settings in a temporary folder: reproducible, and the user's
    // window layout and recent files stay untouched.
    QTemporaryDir scratch;
    std::unique_ptr<gpuplan::ui::Settings> settings =
        scripted ? std::make_unique<gpuplan::ui::Settings>(scratch.filePath(QStringLiteral("gpuplan.ini")))
                 : std::make_unique<gpuplan::ui::Settings>();

    QStringList catalogIssues;
    gpuplan::ui::PlanController controller(gpuplan::ui::PlanController::loadInstalledCatalog(catalogIssues));
    for (const QString &issue : catalogIssues)
        std::fprintf(stderr, "gpuplan: catalog: %s\n", qPrintable(issue));
    if (recovery.recoverOnly())
        return recovery.recoverToFile(controller);

    if (scripted && !planPath.isEmpty()) {
        QString error;
        if (!controller.openFile(planPath, error))
            return fail(QStringLiteral("cannot open %1:\n%2").arg(planPath, error));
    }
    if (QString error; scripted && !recovery.applyEdits(controller, error))
        return fail(error);

    gpuplan::ui::MainWindow window(&controller, settings.get());
    // Command-line look options apply to this run only; the saved preferences stay as they are.
    if (themeOverride)
        window.setTheme(*themeOverride);
    if (parser.isSet(presentation))
        window.setPresentationMode(true);
    if (scripted)
        window.resize(windowSize);
    if (parser.isSet(tab)) {
        gpuplan::ui::ResultTab *shown = gpuplan::ui::findResultTab(*window.resultsPanel(), parser.value(tab));
        if (!shown) {
            QStringList names;
            for (int i = 0; i < window.resultsPanel()->tabCount(); ++i)
                names << gpuplan::ui::resultTabName(*window.resultsPanel()->tab(i));
            return fail(QStringLiteral("--tab: \"%1\"; expected one of %2").arg(parser.value(tab), names.join(QStringLiteral(", "))));
        }
        window.resultsPanel()->setCurrentTab(shown);
    }
    if (QString error; parser.isSet(view)
                       && !gpuplan::ui::showView(window, parser.value(view), parser.values(compareWith), error))
        return fail(error);
    window.show();
    // Layout requests post further layout requests (panel -> dock -> window): settle them all
    // before measuring or grabbing.
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    const double startupMs = static_cast<double>(sinceStart.nsecsElapsed()) / 1e6;

    if (parser.isSet(screenshot)) {
        // The scaling curve comes from a worker thread: wait for it (a second at most on an idle machine).
        if (auto *scaling = qobject_cast<gpuplan::ui::ScalingChart *>(window.resultsPanel()->currentTab())) {
            QElapsedTimer waited;
            waited.start();
            while (scaling->isComputing() && waited.elapsed() < 30000)
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
            QCoreApplication::processEvents();
        }
        const QString file = parser.value(screenshot);
        const QImage image = window.grab().toImage();
        if (image.isNull() || !image.save(file, "PNG"))
            return fail(QStringLiteral("cannot write the screenshot to %1").arg(file));
        std::printf("%s: %dx%d\n", qPrintable(file), image.width(), image.height());
        return 0;
    }
    if (parser.isSet(bench))
        return gpuplan::app::runBench(window, startupMs, benchChanges);

    if (!catalogIssues.isEmpty())
        window.statusBar()->showMessage(
            QObject::tr("%1 catalog entries were skipped (Catalog > Reload catalogs shows them)").arg(catalogIssues.size()),
            15000);
    // Unsaved changes are copied to the recovery folder from here on (docs/robustness.md).
    const std::unique_ptr<gpuplan::ui::Autosave> autosave = recovery.startAutosave(controller, window);
    // After the event loop starts, so dialogs have their window behind them.
    QTimer::singleShot(0, &window, [&window, &recovery, &autosave, planPath] {
        if (planPath.isEmpty() || window.documents()->openPath(planPath))
            recovery.afterOpen(window, *autosave);
    });
    return app.exec();
}
