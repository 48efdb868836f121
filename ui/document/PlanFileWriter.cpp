// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/PlanFileWriter.h"

#include "plan/PlanIo.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>

namespace gpuplan::ui {

namespace {

// The format version of the plan file at path; 0 when it is missing, unreadable or not a plan.
long long versionOnDisk(const QString &path)
{
    QFile file(path);
    if (file.size() > static_cast<qint64>(kMaxPlanFileBytes) || !file.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray bytes = file.readAll();
    std::vector<PlanError> errors;
    nlohmann::json doc;
    if (!parseJsonText(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), "", doc, errors) ||
        !doc.is_object())
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
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    // flush() before commit(): Qt 6.4's commit() does not notice a write that failed while its
    // buffer was flushed (a full disk, a file size limit) and would replace the old file with a
    // truncated one. A failed flush cancels the save instead.
    if (file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) ||
        !file.flush()) {
        error = QStringLiteral("cannot write %1: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        file.cancelWriting();
        file.commit();   // discards the temporary file
        return false;
    }
    if (!file.commit()) {
        error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace gpuplan::ui
