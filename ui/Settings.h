// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

class QSettings;

namespace gpuplan::ui {

enum class Theme { System, Light, Dark };

// All persistent preferences of the desktop application, typed, with their defaults and bounds
// in one place. Nothing else in the program touches QSettings. Tests use an INI file in a
// temporary directory.
class Settings
{
public:
    static constexpr int kMaxRecentFiles = 8;
    static constexpr int kMaxComparisonGpus = 6;

    Settings();                                  // the user's settings (native format)
    explicit Settings(const QString &iniFile);   // an INI file, for tests and portable use
    ~Settings();
    Settings(const Settings &) = delete;
    Settings &operator=(const Settings &) = delete;

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);

    // Most recent first, without duplicates, at most kMaxRecentFiles.
    QStringList recentFiles() const;
    void addRecentFile(const QString &path);
    void removeRecentFile(const QString &path);
    void clearRecentFiles();

    QString lastDirectory() const;
    void setLastDirectory(const QString &directory);

    Theme theme() const;
    void setTheme(Theme theme);
    bool presentationMode() const;               // large fonts for projectors and classrooms
    void setPresentationMode(bool on);
    // Whether the inputs dock was open when presentation mode hid it: the window closed while
    // presenting gives the inputs back after the talk on the next start.
    bool inputsBeforePresenting() const;
    void setInputsBeforePresenting(bool shown);

    // Chart defaults: how many other GPUs the memory chart compares with (0 to 6), and whether
    // chart legends are shown.
    int comparisonGpuCount() const;
    void setComparisonGpuCount(int count);
    bool chartLegendVisible() const;
    void setChartLegendVisible(bool visible);

    // The PDF report's organisation and logo (an absolute path) where a plan leaves
    // report.organisation or report.logo empty. A stored value outside those fields' bounds (a
    // hand-edited file) reads as empty; the setters store only values within them.
    QString reportOrganisation() const;
    bool setReportOrganisation(const QString &organisation);
    QString reportLogo() const;
    bool setReportLogo(const QString &logo);

    void sync();

private:
    // A preference that stands in for a plan text field, held to that field's rules.
    QString fieldText(const char *key, const char *field) const;
    bool setFieldText(const char *key, const char *field, const QString &value);

    std::unique_ptr<QSettings> m_store;
};

QString themeName(Theme theme);                  // "system", "light", "dark"

} // namespace gpuplan::ui
