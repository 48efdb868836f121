// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/RecoveryFile.h"

#include "common/TextFile.h"
#include "document/PlanFileWriter.h"

#include "catalog/Catalog.h"
#include "plan/PlanIo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace gpuplan::ui {

namespace {

const QString kRecoverySuffix = QStringLiteral(".gpuplan-recovery");

QString lockPathFor(const QString &recoveryPath)
{
    return recoveryPath.left(recoveryPath.size() - kRecoverySuffix.size()) + QStringLiteral(".lock");
}

QString errorsText(const std::vector<PlanError> &errors)
{
    QStringList lines;
    for (const PlanError &e : errors)
        lines << QString::fromStdString(e.text());
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString defaultRecoveryDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("recovery"));
}

bool writeRecoveryFile(const QString &path, const Plan &plan, const QString &originalFile, QString &error)
{
    nlohmann::ordered_json doc = nlohmann::ordered_json::object();
    doc["format"] = kRecoveryFormatName;
    doc["version"] = kRecoveryFormatVersion;
    doc["file"] = originalFile.toStdString();
    doc["saved_at"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    doc["plan"] = planToJson(plan);
    // Text fields hold what the user typed; replace anything that is not UTF-8 rather than fail
    // the autosave over it.
    const std::string text = doc.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
    return writeFileAtomically(path, text, error);
}

bool readRecoveryFile(const QString &path, const Catalog &catalog, RecoveredSession &out, QString &error)
{
    // Size and kind checked before a byte is read (common/TextFile.h): a recovery file that is a
    // link to /dev/zero or a FIFO is refused, not read until memory runs out.
    std::string bytes, reason;
    if (!readTextFile(QFile::encodeName(path).toStdString(), kMaxPlanFileBytes + 4096, bytes, reason)) {
        error = QString::fromStdString(reason);
        return false;
    }
    const std::string name = path.toStdString();
    std::vector<PlanError> errors;
    nlohmann::json doc;
    if (!parseJsonText(bytes, name, doc, errors)) {
        error = errorsText(errors);
        return false;
    }
    auto text = [&doc](const char *key) {
        auto it = doc.find(key);
        return it != doc.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
    };
    auto version = doc.is_object() ? doc.find("version") : doc.end();
    if (!doc.is_object() || text("format") != QLatin1String(kRecoveryFormatName) || version == doc.end() ||
        !version->is_number_integer() || version->get<long long>() != kRecoveryFormatVersion || !doc.contains("plan")) {
        error = QStringLiteral("%1: not a gpuplan recovery file of version %2").arg(path).arg(kRecoveryFormatVersion);
        return false;
    }
    Plan plan;
    if (!planFromJson(doc["plan"], &catalog, plan, errors)) {
        for (PlanError &e : errors)
            e.file = name;
        error = errorsText(errors);
        return false;
    }
    out.recoveryPath = path;
    out.originalFile = text("file");
    out.savedAt = QDateTime::fromString(text("saved_at"), Qt::ISODateWithMs);
    out.plan = std::move(plan);
    return true;
}

std::vector<RecoveredSession> findOrphanedSessions(const QString &directory, const Catalog &catalog, QStringList *problems)
{
    std::vector<RecoveredSession> sessions;
    const QDir dir(directory);
    const QStringList files = dir.entryList({QStringLiteral("*") + kRecoverySuffix}, QDir::Files);
    for (const QString &name : files) {
        const QString path = dir.filePath(name);
        // A running gpuplan holds its session's lock; a lock left by a process that is gone is
        // stale and taken over. Age alone never makes a lock stale: a session may run for days.
        auto lock = std::make_shared<QLockFile>(lockPathFor(path));
        lock->setStaleLockTime(0);
        if (!lock->tryLock(0))
            continue;
        RecoveredSession session;
        QString error;
        if (!readRecoveryFile(path, catalog, session, error)) {
            if (problems)
                *problems << error;
            continue;
        }
        session.lock = std::move(lock);
        sessions.push_back(std::move(session));
    }
    std::sort(sessions.begin(), sessions.end(),
              [](const RecoveredSession &a, const RecoveredSession &b) { return a.savedAt > b.savedAt; });
    return sessions;
}

void removeSession(const RecoveredSession &session)
{
    QFile::remove(session.recoveryPath);
    if (session.lock)
        session.lock->unlock();   // removes the lock file
    else
        QFile::remove(lockPathFor(session.recoveryPath));
}

} // namespace gpuplan::ui
