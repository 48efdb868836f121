// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan: the desktop planner. `gpuplan [PLAN...]` opens plans; `--screenshot FILE` renders the
// main window to a PNG and exits (works without a display); `--bench` measures responsiveness.
#include "Bench.h"
#include "DesktopOptions.h"
#include "RecoveryOptions.h"

#include "MainWindow.h"
#include "Settings.h"
#include "TeachingViews.h"
#include "budget/BudgetView.h"
#include "charts/ResultTab.h"
#include "charts/ScalingChart.h"
#include "document/Autosave.h"
#include "document/DocumentActions.h"
#include "document/PlanController.h"
#include "document/PlanFileWriter.h"
#include "portfolio/PortfolioView.h"
#include "report/PlanReport.h"
#include "report/PortfolioReport.h"
#include "results/ResultTabs.h"
#include "results/ResultsPanel.h"
#include "teaching/LessonPanel.h"

#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QIcon>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
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

// Names the application for settings, task bars (the desktop entry io.github.gpuplan.gpuplan.desktop
// groups its windows; on Wayland it is the app id) and the window icon. Settings keep the name gpuplan.
void setApplicationIdentity()
{
    QApplication::setApplicationName(QStringLiteral("gpuplan"));
    QApplication::setOrganizationName(QStringLiteral("gpuplan"));
    QApplication::setApplicationVersion(QStringLiteral(GPUPLAN_VERSION));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.gpuplan.gpuplan"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/gpuplan.svg")));
}

int fail(const QString &message)
{
    std::fprintf(stderr, "gpuplan: %s\n", qPrintable(message));
    return 1;
}

// A deadline option without --portfolio: its message, else empty.
QString deadlineWithoutPortfolio(const QCommandLineParser &parser, const gpuplan::app::DesktopOptions &options)
{
    for (const QCommandLineOption *o : {&options.deadlineDays, &options.deadlineDaysOf}) {
        if (parser.isSet(*o) && !parser.isSet(options.portfolio))
            return QStringLiteral("--%1: a deadline of a portfolio's plan; expected --portfolio FILE with it")
                .arg(o->names().front());
    }
    return {};
}

// --portfolio FILE...: the files join the open plan on the Portfolio tab, which is shown (unless
// --tab names another), with the deadlines of --deadline-days and --deadline-days-of.
bool showPortfolio(gpuplan::ui::MainWindow &window, const QCommandLineParser &parser,
                   const gpuplan::app::DesktopOptions &options, QString &error)
{
    error = deadlineWithoutPortfolio(parser, options);
    if (!parser.isSet(options.portfolio))
        return error.isEmpty();
    auto *view = window.resultsPanel()->findTab<gpuplan::ui::PortfolioView>();
    if (!view) {
        error = QStringLiteral("--portfolio: the window has no Portfolio tab");
        return false;
    }
    for (const QString &file : parser.values(options.portfolio)) {
        if (QString why; !view->addFile(file, why)) {
            error = QStringLiteral("--portfolio: cannot open %1:\n%2").arg(file, why);
            return false;
        }
    }
    if (!view->applyDeadlineOptions(parser.value(options.deadlineDays), parser.values(options.deadlineDaysOf), error))
        return false;
    if (!parser.isSet(options.tab))
        window.resultsPanel()->setCurrentTab(view);
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QElapsedTimer sinceStart;
    sinceStart.start();
    // A file size limit (ulimit -f) makes a write fail with EFBIG, which the writers report,
    // instead of killing the process mid-save.
    std::signal(SIGXFSZ, SIG_IGN);
    if (argc == 2 && std::strcmp(argv[1], "--man") == 0) {   // not in --help: the build writes gpuplan(1) with it
        std::fputs(qPrintable(gpuplan::app::DesktopOptions().manPage()), stdout);
        return 0;
    }
    chooseHeadlessPlatform(argc, argv);
    QApplication app(argc, argv);
    setApplicationIdentity();

    gpuplan::app::DesktopOptions options;
    QCommandLineParser parser;
    options.addTo(parser);
    parser.process(app);
    if (parser.isSet(options.exportPdf)) {
        // The PDF is written from the plan files as saved: an option that edits or shows a window
        // would be ignored, so it is refused rather than silently dropped.
        const QList<const QCommandLineOption *> withPdf{&options.exportPdf, &options.pageSize, &options.portfolio,
                                                        &options.deadlineDays, &options.deadlineDaysOf};
        for (const QCommandLineOption &o : options.all()) {
            const QString name = o.names().front();
            const bool allowed = std::any_of(withPdf.begin(), withPdf.end(),
                                             [&name](const QCommandLineOption *w) { return w->names().front() == name; });
            if (!allowed && parser.isSet(o))
                return fail(QStringLiteral("--%1: not used with --export-pdf, which writes the PDF of the plan files as "
                                           "saved; expected only --page-size, --portfolio and its deadlines with it "
                                           "(edit the plan, then export)")
                                .arg(name));
        }
        if (parser.isSet(options.portfolio))
            return gpuplan::ui::report::runPortfolioPdfExportCommand(
                parser.value(options.exportPdf), parser.positionalArguments() + parser.values(options.portfolio),
                parser.value(options.deadlineDays), parser.values(options.deadlineDaysOf), parser.value(options.pageSize),
                QStringLiteral("gpuplan " GPUPLAN_VERSION));
        if (const QString error = deadlineWithoutPortfolio(parser, options); !error.isEmpty())
            return fail(error);
        return gpuplan::ui::report::runPdfExportCommand(parser.value(options.exportPdf), parser.positionalArguments(),
                                                        parser.value(options.pageSize), QStringLiteral("gpuplan " GPUPLAN_VERSION));
    }

    const QStringList positional = parser.positionalArguments();
    const QString planPath = positional.value(0);
    const bool scripted = parser.isSet(options.screenshot) || parser.isSet(options.bench);
    if (scripted && positional.size() > 1)
        return fail(QStringLiteral("expected at most one plan file, got %1 (see --help)").arg(positional.size()));
    QSize windowSize;
    if (!parseSize(parser.value(options.size), windowSize))
        return fail(QStringLiteral("--size: \"%1\"; expected WIDTHxHEIGHT from 320x240 to 10000x10000, e.g. 1600x1000")
                        .arg(parser.value(options.size)));
    bool changesOk = false;
    const int benchChanges = parser.value(options.benchChanges).toInt(&changesOk);
    if (!changesOk || benchChanges < 1 || benchChanges > 100000)
        return fail(QStringLiteral("--bench-changes: \"%1\"; expected an integer from 1 to 100,000").arg(parser.value(options.benchChanges)));

    if (QString error; !options.recovery.read(parser, error))
        return fail(error);

    std::optional<gpuplan::ui::Theme> themeOverride;
    if (parser.isSet(options.theme)) {
        for (auto t : {gpuplan::ui::Theme::System, gpuplan::ui::Theme::Light, gpuplan::ui::Theme::Dark}) {
            if (parser.value(options.theme) == gpuplan::ui::themeName(t))
                themeOverride = t;
        }
        if (!themeOverride)
            return fail(QStringLiteral("--theme: \"%1\"; expected system, light or dark").arg(parser.value(options.theme)));
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
    if (options.recovery.recoverOnly())
        return options.recovery.recoverToFile(controller);

    if (scripted && !planPath.isEmpty()) {
        QString error;
        if (!controller.openFile(planPath, error))
            return fail(QStringLiteral("cannot open %1:\n%2").arg(planPath, error));
    }
    if (QString error; scripted && !options.recovery.applyEdits(controller, error))
        return fail(error);

    gpuplan::ui::MainWindow window(&controller, settings.get());
    // Command-line look options apply to this run only; the saved preferences stay as they are.
    if (themeOverride)
        window.setTheme(*themeOverride);
    if (parser.isSet(options.presentation))
        window.setPresentationMode(true);
    if (scripted)
        window.resize(windowSize);
    if (parser.isSet(options.tab)) {
        gpuplan::ui::ResultTab *shown = gpuplan::ui::findResultTab(*window.resultsPanel(), parser.value(options.tab));
        if (!shown) {
            QStringList names;
            for (int i = 0; i < window.resultsPanel()->tabCount(); ++i)
                names << gpuplan::ui::resultTabName(*window.resultsPanel()->tab(i));
            return fail(QStringLiteral("--tab: \"%1\"; expected one of %2").arg(parser.value(options.tab), names.join(QStringLiteral(", "))));
        }
        window.resultsPanel()->setCurrentTab(shown);
    }
    if (QString error; !showPortfolio(window, parser, options, error))
        return fail(error);
    if (QString error; parser.isSet(options.view)
                       && !gpuplan::ui::showView(window, parser.value(options.view), parser.values(options.compareWith), error))
        return fail(error);
    window.show();
    // Layout requests post further layout requests (panel -> dock -> window): settle them all
    // before measuring or grabbing.
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    const double startupMs = static_cast<double>(sinceStart.nsecsElapsed()) / 1e6;

    if (parser.isSet(options.screenshot)) {
        // The scaling curve, the Budget view's options and a lesson's live values come from worker
        // threads: wait for them
        // (a second at most on an idle machine).
        const auto waitWhile = [](const auto &busy, qint64 limitMs) {
            QElapsedTimer waited;
            waited.start();
            while (busy() && waited.elapsed() < limitMs)
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
            QCoreApplication::processEvents();
        };
        gpuplan::ui::ResultTab *current = window.resultsPanel()->currentTab();
        if (auto *scaling = qobject_cast<gpuplan::ui::ScalingChart *>(current))
            waitWhile([scaling] { return scaling->isComputing(); }, 30000);
        if (auto *budget = qobject_cast<gpuplan::ui::BudgetView *>(current))
            waitWhile([budget] { return budget->isComputing(); }, 60000);
        if (auto *portfolio = qobject_cast<gpuplan::ui::PortfolioView *>(current))
            waitWhile([portfolio] { return portfolio->isComputing(); }, 60000);
        for (const gpuplan::ui::LessonPanel *lesson : window.findChildren<gpuplan::ui::LessonPanel *>())
            waitWhile([lesson] { return lesson->isComputing(); }, 60000);
        const QString file = parser.value(options.screenshot);
        const QImage image = window.grab().toImage();
        QBuffer png;
        png.open(QIODevice::WriteOnly);
        QString error;
        if (image.isNull() || !image.save(&png, "PNG"))
            return fail(QStringLiteral("cannot write the screenshot to %1").arg(file));
        if (!gpuplan::ui::writeFileAtomically(file, png.data().toStdString(), error))
            return fail(error);
        std::printf("%s: %dx%d\n", qPrintable(file), image.width(), image.height());
        return 0;
    }
    if (parser.isSet(options.bench))
        return gpuplan::app::runBench(window, startupMs, benchChanges);

    if (!catalogIssues.isEmpty())
        window.statusBar()->showMessage(
            QObject::tr("%1 catalog entries were skipped (Catalog > Reload catalogs shows them)").arg(catalogIssues.size()),
            15000);
    // Unsaved changes are copied to the recovery folder from here on (docs/robustness.md).
    const std::unique_ptr<gpuplan::ui::Autosave> autosave = options.recovery.startAutosave(controller, window);
    // After the event loop starts, so dialogs have their window behind them.
    QTimer::singleShot(0, &window, [&window, &options, &autosave, planPath] {
        if (planPath.isEmpty() || window.documents()->openPath(planPath))
            options.recovery.afterOpen(window, *autosave);
    });
    // A window holds one plan: the desktop's "open with" of several files (%F) gives each further
    // file a gpuplan of its own. After "--": a file named like an option ("--export-pdf=x") is a
    // file to the child too.
    for (const QString &otherPlan : positional.mid(1)) {
        if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), {QStringLiteral("--"), otherPlan}))
            window.statusBar()->showMessage(QObject::tr("Could not start gpuplan for %1").arg(otherPlan), 15000);
    }
    return app.exec();
}
