// SPDX-License-Identifier: GPL-3.0-or-later
#include "TeachingViews.h"

#include "MainWindow.h"
#include "results/ComparisonTab.h"
#include "results/ResultsPanel.h"
#include "teaching/LessonRunner.h"
#include "teaching/TeachingDocks.h"

namespace gpuplan::ui {

QStringList viewNames()
{
    return {QStringLiteral("teaching"), QStringLiteral("lesson"), QStringLiteral("compare")};
}

bool showView(MainWindow &window, const QString &view, const QStringList &compareFiles, QString &error)
{
    TeachingDocks *teaching = window.teaching();
    if (view == QLatin1String("teaching")) {
        teaching->showLessons();
        teaching->explain(ExplainTopic::MemoryPerGpu);
        return true;
    }
    if (view == QLatin1String("lesson")) {
        // No dialog on failure: screenshots run unattended.
        teaching->showLessons();
        if (QString why; !teaching->lessonRunner()->start(0, &why)) {
            error = QStringLiteral("--view lesson: %1").arg(why);
            return false;
        }
        teaching->lessonRunner()->forward();
        return true;
    }
    if (view == QLatin1String("compare")) {
        auto *compare = window.resultsPanel()->findTab<ComparisonTab>();
        if (!compare) {
            error = QStringLiteral("--view compare: the window has no Compare tab");
            return false;
        }
        window.resultsPanel()->setCurrentTab(compare);
        for (const QString &file : compareFiles) {
            if (QString why; !compare->addFile(file, why)) {
                error = QStringLiteral("--compare: cannot open %1:\n%2").arg(file, why);
                return false;
            }
        }
        if (compareFiles.isEmpty())
            compare->addSnapshot();
        return true;
    }
    error = QStringLiteral("--view: \"%1\"; expected one of %2").arg(view, viewNames().join(QStringLiteral(", ")));
    return false;
}

} // namespace gpuplan::ui
