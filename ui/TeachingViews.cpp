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
    return {QStringLiteral("teaching"), QStringLiteral("lesson"), QStringLiteral("compare"),
            QStringLiteral("lesson:ID[:STEP]")};
}

namespace {

// "lesson" (the first lesson at its second step) or "lesson:ID[:STEP]" (that lesson at STEP,
// counted from 1; default 1). No dialog on failure: screenshots run unattended.
bool showLesson(TeachingDocks &teaching, const QString &view, QString &error)
{
    const QStringList parts = view.split(QLatin1Char(':'));
    int index = 0;
    int step = 2;
    if (parts.size() > 1) {
        index = -1;
        for (std::size_t i = 0; i < lessons().size(); ++i)
            if (parts[1] == QString::fromUtf8(lessons()[i].id))
                index = static_cast<int>(i);
        bool ok = true;
        step = parts.size() > 2 ? parts[2].toInt(&ok) : 1;
        QStringList ids;
        for (const Lesson &l : lessons())
            ids << QString::fromUtf8(l.id);
        if (index < 0 || !ok || parts.size() > 3 || step < 1 ||
            step > static_cast<int>(lessons()[static_cast<std::size_t>(index)].steps.size())) {
            error = QStringLiteral("--view %1: expected lesson:ID[:STEP] with ID one of %2 and STEP from 1 to the "
                                   "lesson's steps")
                        .arg(view, ids.join(QStringLiteral(", ")));
            return false;
        }
    }
    teaching.showLessons();
    if (QString why; !teaching.lessonRunner()->start(index, &why)) {
        error = QStringLiteral("--view lesson: %1").arg(why);
        return false;
    }
    for (int i = 1; i < step; ++i)
        teaching.lessonRunner()->forward();
    return true;
}

} // namespace

bool showView(MainWindow &window, const QString &view, const QStringList &compareFiles, QString &error)
{
    TeachingDocks *teaching = window.teaching();
    if (view == QLatin1String("teaching")) {
        teaching->showLessons();
        teaching->explain(ExplainTopic::MemoryPerGpu);
        return true;
    }
    if (view == QLatin1String("lesson") || view.startsWith(QLatin1String("lesson:")))
        return showLesson(*teaching, view, error);
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
