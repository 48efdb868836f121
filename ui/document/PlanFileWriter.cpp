// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/PlanFileWriter.h"

#include "common/AtomicFile.h"
#include "common/TextFile.h"
#include "plan/PlanIo.h"

#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

namespace gpuplan::ui {

namespace {

// The format version of the plan file at path; 0 when it is missing, unreadable or not a plan.
long long versionOnDisk(const QString &path)
{
    // Size and kind checked before reading (common/TextFile.h): a link to /dev/zero is not read.
    std::string bytes, reason;
    if (!readTextFile(QFile::encodeName(path).toStdString(), kMaxPlanFileBytes, bytes, reason))
        return 0;
    std::vector<PlanError> errors;
    nlohmann::json doc;
    if (!parseJsonText(bytes, "", doc, errors) || !doc.is_object())
        return 0;
    auto format = doc.find("format");
    auto version = doc.find("version");
    if (format == doc.end() || !format->is_string() || format->get<std::string>() != kPlanFormatName ||
        version == doc.end() || !version->is_number_integer())
        return 0;
    return version->get<long long>();
}

} // namespace

QString PlanFileWriter::backupPathFor(const QString &path) const
{
    const long long version = versionOnDisk(path);
    if (version <= 0 || version >= m_currentVersion)
        return {};
    return QStringLiteral("%1.v%2.bak").arg(path).arg(version);
}

bool PlanFileWriter::save(const QString &path, const Plan &plan, QString &error) const
{
    const QString backup = backupPathFor(path);
    // The first backup of a version is the original; a later save must not replace it.
    if (!backup.isEmpty() && !QFileInfo::exists(backup) && !QFile::copy(path, backup)) {
        error = QStringLiteral("%1 was written by an older gpuplan and could not be backed up to %2; "
                               "the file was not changed")
                    .arg(path, backup);
        return false;
    }
    // Text fields hold what was typed or loaded; never fail a save over an invalid byte.
    const std::string text =
        planToJson(plan).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
    return writeFileAtomically(path, text, error);
}

bool writeFileAtomically(const QString &path, const std::string &text, QString &error)
{
    std::string reason;
    if (gpuplan::writeFileAtomically(QFile::encodeName(path).toStdString(), text, reason))
        return true;
    // The core's message names the path in the file system's bytes; show it as Qt reads it.
    const std::string prefix = QFile::encodeName(path).toStdString() + ": ";
    if (reason.rfind(prefix, 0) == 0)
        reason.erase(0, prefix.size());
    if (reason.rfind("cannot write: ", 0) == 0)
        reason.erase(0, 14);
    error = QStringLiteral("cannot write %1: %2").arg(path, QString::fromStdString(reason));
    return false;
}

} // namespace gpuplan::ui
