// SPDX-License-Identifier: GPL-3.0-or-later
#include "Settings.h"

#include "plan/PlanFields.h"

#include <QSettings>

#include <algorithm>

namespace gpuplan::ui {

namespace {

const char kGeometry[] = "window/geometry";
const char kState[] = "window/state";
const char kRecent[] = "files/recent";
const char kLastDir[] = "files/lastDirectory";
const char kTheme[] = "view/theme";
const char kPresentation[] = "view/presentationMode";
const char kInputsBeforePresenting[] = "view/inputsBeforePresenting";
const char kComparison[] = "charts/comparisonGpus";
const char kLegend[] = "charts/legendVisible";
const char kOrganisation[] = "report/organisation";
const char kLogo[] = "report/logo";

constexpr int kDefaultComparisonGpus = 5;

// Preferences for plan fields follow the fields' own rules (length, logo file types).
bool fitsPlanField(const char *path, const QString &value)
{
    std::string message;
    return checkFieldText(*findPlanField(path), value.toStdString(), message);
}

} // namespace

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::System: break;
    }
    return QStringLiteral("system");
}

Settings::Settings() : m_store(std::make_unique<QSettings>(QStringLiteral("gpuplan"), QStringLiteral("gpuplan")))
{
}

Settings::Settings(const QString &iniFile) : m_store(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{
}

Settings::~Settings() = default;

QByteArray Settings::windowGeometry() const
{
    return m_store->value(kGeometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray &geometry)
{
    m_store->setValue(kGeometry, geometry);
}

QByteArray Settings::windowState() const
{
    return m_store->value(kState).toByteArray();
}

void Settings::setWindowState(const QByteArray &state)
{
    m_store->setValue(kState, state);
}

QStringList Settings::recentFiles() const
{
    QStringList files = m_store->value(kRecent).toStringList();
    files.removeAll(QString());
    files.removeDuplicates();
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    return files;
}

void Settings::addRecentFile(const QString &path)
{
    if (path.isEmpty())
        return;
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_store->setValue(kRecent, files);
}

void Settings::removeRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    m_store->setValue(kRecent, files);
}

void Settings::clearRecentFiles()
{
    m_store->remove(kRecent);
}

QString Settings::lastDirectory() const
{
    return m_store->value(kLastDir).toString();
}

void Settings::setLastDirectory(const QString &directory)
{
    m_store->setValue(kLastDir, directory);
}

Theme Settings::theme() const
{
    // Stored by name so a hand-edited or older file with an unknown value falls back cleanly.
    const QString name = m_store->value(kTheme).toString();
    for (Theme t : {Theme::Light, Theme::Dark}) {
        if (name == themeName(t))
            return t;
    }
    return Theme::System;
}

void Settings::setTheme(Theme theme)
{
    m_store->setValue(kTheme, themeName(theme));
}

bool Settings::inputsBeforePresenting() const
{
    return m_store->value(kInputsBeforePresenting, true).toBool();
}

void Settings::setInputsBeforePresenting(bool shown)
{
    m_store->setValue(kInputsBeforePresenting, shown);
}

bool Settings::presentationMode() const
{
    return m_store->value(kPresentation, false).toBool();
}

void Settings::setPresentationMode(bool on)
{
    m_store->setValue(kPresentation, on);
}

int Settings::comparisonGpuCount() const
{
    bool ok = false;
    const int n = m_store->value(kComparison, kDefaultComparisonGpus).toInt(&ok);
    return ok ? std::clamp(n, 0, kMaxComparisonGpus) : kDefaultComparisonGpus;
}

void Settings::setComparisonGpuCount(int count)
{
    m_store->setValue(kComparison, std::clamp(count, 0, kMaxComparisonGpus));
}

bool Settings::chartLegendVisible() const
{
    return m_store->value(kLegend, true).toBool();
}

void Settings::setChartLegendVisible(bool visible)
{
    m_store->setValue(kLegend, visible);
}

QString Settings::fieldText(const char *key, const char *field) const
{
    const QString value = m_store->value(key).toString();
    return fitsPlanField(field, value) ? value : QString();
}

bool Settings::setFieldText(const char *key, const char *field, const QString &value)
{
    if (!fitsPlanField(field, value))
        return false;
    m_store->setValue(key, value);
    return true;
}

QString Settings::reportOrganisation() const
{
    return fieldText(kOrganisation, "report.organisation");
}

bool Settings::setReportOrganisation(const QString &organisation)
{
    return setFieldText(kOrganisation, "report.organisation", organisation);
}

QString Settings::reportLogo() const
{
    return fieldText(kLogo, "report.logo");
}

bool Settings::setReportLogo(const QString &logo)
{
    return setFieldText(kLogo, "report.logo", logo);
}

void Settings::sync()
{
    m_store->sync();
}

} // namespace gpuplan::ui
