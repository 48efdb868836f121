// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/Branding.h"

#include "plan/Plan.h"
#include "plan/ReportBranding.h"

#include <QDir>
#include <QFileInfo>
#include <QObject>

namespace gpuplan::ui::report {

QString resolveLogoPath(const QString &logo, const QString &planFile)
{
    if (logo.isEmpty() || QFileInfo(logo).isAbsolute())
        return logo;
    if (planFile.isEmpty())
        return {};
    return QDir::cleanPath(QFileInfo(planFile).absoluteDir().filePath(logo));
}

QString confinedLogoPath(const QString &logo, const QString &planFile, QString &error)
{
    error.clear();
    if (logo.isEmpty())
        return logo;
    if (QFileInfo(logo).isAbsolute()) {
        error = QObject::tr("an absolute path; a plan's logo is a path relative to the plan's folder (put the file "
                            "beside the plan), or set a logo of your own in Preferences");
        return {};
    }
    if (QDir::fromNativeSeparators(logo).split(QLatin1Char('/')).contains(QStringLiteral(".."))) {
        error = QObject::tr("the path leaves the plan's folder (..); a plan's logo is a file in the plan's folder or "
                            "below it");
        return {};
    }
    const QString path = resolveLogoPath(logo, planFile);
    if (path.isEmpty())
        return path;
    // Links are followed as the reader will follow them: the file itself must be in the folder.
    const QString folder = QFileInfo(planFile).absoluteDir().canonicalPath();
    const QString real = QFileInfo(path).canonicalFilePath();
    if (!real.isEmpty() && !folder.isEmpty() && !real.startsWith(folder + QLatin1Char('/'))) {
        error = QObject::tr("a link to a file outside the plan's folder (%1)").arg(real);
        return {};
    }
    return path;
}

std::shared_ptr<const ReportLogo> checkLogo(const QString &logo, const QString &planFile, QString &error)
{
    error.clear();
    if (logo.isEmpty())
        return nullptr;
    // The plan field's rule, for a path typed into a dialog (a loaded plan has passed it already).
    const std::string text = logo.toStdString();
    if (text.size() > kMaxLogoPathChars) {
        error = QObject::tr("the path has %1 bytes, more than the %2 allowed").arg(text.size()).arg(kMaxLogoPathChars);
        return nullptr;
    }
    if (!isAllowedLogoPath(text)) {
        error = logoKind(text) == LogoKind::Unsupported
                    ? QObject::tr("not a PNG, JPEG or SVG file name (.png, .jpg, .jpeg or .svg)")
                    : QObject::tr("the path has control characters");
        return nullptr;
    }
    // A plan's logo (there is a plan file to resolve against) stays inside the plan's folder.
    if (!planFile.isEmpty() && confinedLogoPath(logo, planFile, error).isEmpty() && !error.isEmpty())
        return nullptr;
    const QString path = resolveLogoPath(logo, planFile);
    if (path.isEmpty()) {
        error = QObject::tr("a relative path needs a saved plan to resolve it against; save the plan or give an "
                            "absolute path");
        return nullptr;
    }
    auto loaded = ReportLogo::load(path, error);
    if (!loaded && path != logo)
        error = QObject::tr("%1 (%2)").arg(error, path);
    return loaded;
}

Branding resolveBranding(const Plan &plan, const QString &planFile, const BrandingDefaults &defaults,
                         QStringList &warnings)
{
    Branding b;
    b.organisation = QString::fromStdString(plan.report.organisation).trimmed();
    if (b.organisation.isEmpty())
        b.organisation = defaults.organisation.trimmed();

    const QString planLogo = QString::fromStdString(plan.report.logo);
    const bool fromPlan = !planLogo.isEmpty();
    const QString logo = fromPlan ? planLogo : defaults.logo;
    QString error;
    if (fromPlan)   // also for an unsaved plan: an absolute path is refused before the plan is saved
        confinedLogoPath(logo, planFile, error);
    if (error.isEmpty())
        b.logo = checkLogo(logo, fromPlan ? planFile : QString(), error);
    if (!error.isEmpty()) {
        const QString source = fromPlan ? QStringLiteral("report.logo") : QObject::tr("Preferences › PDF report logo");
        warnings << QObject::tr("%1: \"%2\": %3; expected a PNG, JPEG or SVG file that can be read. The report "
                                "was made without the logo.")
                        .arg(source, logo, error);
    }
    return b;
}

} // namespace gpuplan::ui::report
