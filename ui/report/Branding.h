// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/ReportLogo.h"

#include <QString>
#include <QStringList>

#include <memory>

namespace gpuplan {
struct Plan;
}

// The organisation name and logo a report prints (docs/exports.md): the plan's report.organisation
// and report.logo, or where the plan leaves one empty, the default from Preferences. A relative
// logo path in a plan is resolved against the plan file's folder. A logo that cannot be used is
// left out with a warning; the report is still made.
namespace gpuplan::ui::report {

struct BrandingDefaults
{
    QString organisation;
    QString logo;               // absolute path (the Preferences dialog stores it so)
};

struct Branding
{
    QString organisation;       // empty = none
    std::shared_ptr<const ReportLogo> logo;   // null = none
};

// planFile: the plan's path on disk, empty for an unsaved plan. Problems are appended to warnings,
// each naming the field (or the preference), the value, why it failed and what is allowed.
Branding resolveBranding(const Plan &plan, const QString &planFile, const BrandingDefaults &defaults,
                         QStringList &warnings);

// The file a logo path names: absolute as given, relative to the plan file's folder. Empty when a
// relative path has no folder to resolve against (an unsaved plan).
QString resolveLogoPath(const QString &logo, const QString &planFile);

// A plan's logo path (report.logo) confined to the plan's folder: refused (empty, with error) when
// it is absolute, has a ".." component or resolves, links followed, outside the folder. The
// Preferences' logo is the user's own and may be anywhere.
QString confinedLogoPath(const QString &logo, const QString &planFile, QString &error);

// Checks a logo path as a report would read it, for the dialogs that edit one: empty error and the
// loaded logo when it can be used.
std::shared_ptr<const ReportLogo> checkLogo(const QString &logo, const QString &planFile, QString &error);

} // namespace gpuplan::ui::report
