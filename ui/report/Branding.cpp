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
