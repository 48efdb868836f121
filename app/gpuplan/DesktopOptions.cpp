// SPDX-License-Identifier: GPL-3.0-or-later
#include "DesktopOptions.h"

#include "manpage/ManPage.h"
#include "TeachingViews.h"

#include <QCommandLineParser>
#include <QStringList>

namespace gpuplan::app {

namespace {

const char kPlanArgument[] = "PLAN";
const char kPlanArgumentHelp[] = "The .gpuplan files to open: the first in this window, each further one in a window "
                                 "of its own (several with --export-pdf: one comparison report).";

manpage::Option manOption(const QCommandLineOption &option)
{
    QStringList names;
    for (const QString &name : option.names())
        names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    return {names.join(QStringLiteral(", ")).toStdString(), option.valueName().toStdString(),
            option.description().toStdString()};
}

} // namespace

DesktopOptions::DesktopOptions()
    : screenshot(QStringLiteral("screenshot"), QStringLiteral("Render the main window to FILE (PNG) and exit."),
                 QStringLiteral("FILE")),
      size(QStringLiteral("size"), QStringLiteral("Window size for --screenshot and --bench (default 1600x1000)."),
           QStringLiteral("WxH"), QStringLiteral("1600x1000")),
      bench(QStringLiteral("bench"), QStringLiteral("Measure slider-to-result and start-up times, print them, exit.")),
      benchChanges(QStringLiteral("bench-changes"),
                   QStringLiteral("Slider changes per result tab measured by --bench (default 240)."),
                   QStringLiteral("N"), QStringLiteral("240")),
      theme(QStringLiteral("theme"), QStringLiteral("Colour theme for this run: system, light or dark."),
            QStringLiteral("THEME")),
      presentation(QStringLiteral("presentation"), QStringLiteral("Large fonts for this run (presentation mode).")),
      tab(QStringLiteral("tab"),
          QStringLiteral("Result tab to show, by its title in lower case with '-' between words: memory, scaling, "
                         "step-time, serving-frontier, cost, power-and-cooling, budget, compare, portfolio (a unique prefix will do)."),
          QStringLiteral("NAME")),
      view(QStringLiteral("view"),
           QStringLiteral("Open a view first: %1.").arg(ui::viewNames().join(QStringLiteral(", "))),
           QStringLiteral("NAME")),
      compareWith(QStringLiteral("compare"),
                  QStringLiteral("With --view compare: a plan file to compare (repeatable)."), QStringLiteral("FILE")),
      portfolio(QStringLiteral("portfolio"),
                QStringLiteral("A plan file placed on the shared cluster of the Portfolio tab after the open plan "
                               "(repeatable; the tab is shown). With --export-pdf: the PDF is the report of the shared "
                               "cluster of the PLAN files followed by these."),
                QStringLiteral("FILE")),
      deadlineDays(QStringLiteral("deadline-days"),
                   QStringLiteral("With --portfolio: days every training job has from the start of the schedule "
                                  "(0.01 to 36,500; default none)."),
                   QStringLiteral("D")),
      deadlineDaysOf(QStringLiteral("deadline-days-of"),
                     QStringLiteral("With --portfolio: N=DAYS, the deadline of the Nth plan of the portfolio (the open "
                                    "or first PLAN is 1), overriding --deadline-days (repeatable)."),
                     QStringLiteral("N=D")),
      exportPdf(QStringLiteral("export-pdf"),
                QStringLiteral("Write the PDF plan summary of the PLAN files (several: one comparison report) to FILE "
                               "and exit; needs no display. An organisation or logo the plan leaves empty comes from "
                               "the preferences; a logo that cannot be read is left out with a warning."),
                QStringLiteral("FILE")),
      pageSize(QStringLiteral("page-size"), QStringLiteral("Paper for --export-pdf: a4 or letter."),
               QStringLiteral("SIZE"), QStringLiteral("a4"))
{
}

QList<QCommandLineOption> DesktopOptions::all() const
{
    return QList<QCommandLineOption>{screenshot,  size,      bench,        benchChanges,  theme, presentation,
                                     tab,         view,      compareWith,  portfolio,     deadlineDays, deadlineDaysOf}
           + recovery.options() + QList<QCommandLineOption>{exportPdf, pageSize};
}

QString DesktopOptions::description()
{
    return QStringLiteral("Plans GPU infrastructure for training and serving large language models.");
}

void DesktopOptions::addTo(QCommandLineParser &parser) const
{
    parser.setApplicationDescription(description());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions(all());
    parser.addPositionalArgument(QString::fromLatin1(kPlanArgument), QString::fromLatin1(kPlanArgumentHelp),
                                 QStringLiteral("[PLAN...]"));
}

QString DesktopOptions::manPage() const
{
    manpage::Page page;
    page.name = "gpuplan";
    page.summary = "plan GPU infrastructure for training and serving language models";
    page.version = GPUPLAN_VERSION;
    page.synopsis = {"[OPTIONS] [PLAN...]", "--export-pdf FILE [--page-size SIZE] PLAN...",
                     "--export-pdf FILE PLAN --portfolio PLAN... [--deadline-days D] [--deadline-days-of N=D...]",
                     "--screenshot FILE [OPTIONS] [PLAN]"};
    page.sections.push_back(
        {"Description",
         description().toStdString()
             + "\n\nThe desktop application: memory per GPU, training time, scaling, power and cooling, cloud versus "
               "on-premises cost, a PDF plan summary, a teaching mode and an auto-planner. Every number is explained "
               "and every assumption names its source.\n\n"
               "Screenshots, benchmarks, PDF export and recovery need no display.",
         {}});
    page.sections.push_back({"Arguments", "", {{kPlanArgument, "", kPlanArgumentHelp}}});
    std::vector<manpage::Option> options{{"-h, --help", "", "Displays help on commandline options."},
                                         {"--help-all", "", "Displays help including Qt specific options."},
                                         {"-v, --version", "", "Displays version information."}};
    for (const QCommandLineOption &option : all()) {
        if (!(option.flags() & QCommandLineOption::HiddenFromHelp))
            options.push_back(manOption(option));
    }
    page.sections.push_back({"Options", "", options});
    page.sections.push_back({"Files",
                             "~/.config/gpuplan/gpuplan.conf: preferences (with the PDF report's default organisation and logo), "
                             "window layout and recent files.\n\n"
                             "~/.config/gpuplan/catalogs: the user catalog folder (GPUPLAN_USER_CATALOG_DIR "
                             "overrides it).\n\n"
                             "share/gpuplan/examples under the installation prefix (/usr for the Debian package): "
                             "example plans, offered by File > Open Example.\n\n"
                             "share/doc/gpuplan: the documentation.",
                             {}});
    page.sections.push_back({"See also", "gpuplan-cli(1)", {}});
    return QString::fromStdString(manpage::render(page));
}

} // namespace gpuplan::app
