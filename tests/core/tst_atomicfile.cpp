// SPDX-License-Identifier: GPL-3.0-or-later
// The one file writer (core/common/AtomicFile.h): the old file stays as it was unless the new one
// is complete, every failing step is reported with the file and the reason, and a planted link is
// never written through. The full disk is played by a file size limit (RLIMIT_FSIZE, as
// `ulimit -f` sets it), under which write() fails with EFBIG once SIGXFSZ is ignored.
#include "common/AtomicFile.h"

#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/resource.h>
#include <sys/stat.h>

using namespace gpuplan;
namespace fs = std::filesystem;

namespace {

std::string read(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void write(const fs::path &p, const std::string &text)
{
    std::ofstream(p, std::ios::binary) << text;
}

// Names in the folder other than the ones expected: a temporary file left behind.
std::size_t entries(const fs::path &dir)
{
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

} // namespace

class TestAtomicFile : public QObject
{
    Q_OBJECT

private slots:
    void replacesAndKeepsPermissions() const
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        const fs::path file = dir / "run.sh";
        std::string error;
        QVERIFY2(writeFileAtomically(file.string(), "first\n", error), error.c_str());
        QCOMPARE(read(file), std::string("first\n"));
        fs::permissions(file, fs::perms::owner_all | fs::perms::group_read);
        QVERIFY2(writeFileAtomically(file.string(), "second\n", error), error.c_str());
        QCOMPARE(read(file), std::string("second\n"));
        QCOMPARE(fs::status(file).permissions(), fs::perms::owner_all | fs::perms::group_read);
        QCOMPARE(entries(dir), std::size_t(1));
        // A bare file name is written in the current folder.
        const fs::path before = fs::current_path();
        fs::current_path(dir);
        QVERIFY2(writeFileAtomically("bare.txt", "x", error), error.c_str());
        fs::current_path(before);
        QCOMPARE(read(dir / "bare.txt"), std::string("x"));
    }

    void linksAreReplacedNotFollowed() const
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        write(dir / "victim", "keep me");
        fs::create_symlink(dir / "victim", dir / "out.json");
        std::string error;
        QVERIFY2(writeFileAtomically((dir / "out.json").string(), "{}\n", error), error.c_str());
        QCOMPARE(read(dir / "victim"), std::string("keep me"));
        QVERIFY(!fs::is_symlink(dir / "out.json"));
        QCOMPARE(read(dir / "out.json"), std::string("{}\n"));
    }

    void failuresNameTheFileAndTheReason() const
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        std::string error;
        const std::string missing = (dir / "no-such-folder" / "x.json").string();
        QVERIFY(!writeFileAtomically(missing, "x", error));
        QCOMPARE(error, missing + ": cannot create a file in its folder: No such file or directory");
        fs::create_directory(dir / "folder");
        QVERIFY(!writeFileAtomically((dir / "folder").string(), "x", error));
        QCOMPARE(error, (dir / "folder").string() + ": is a folder");
        QVERIFY(!writeFileAtomically((dir / "..").string(), "x", error));
        QVERIFY(!writeFileAtomically("", "x", error));
    }

    void fullDiskKeepsTheOldFile() const
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        const fs::path file = dir / "plan.pdf";
        write(file, "the good old file");
        rlimit old {};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
        const auto previous = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = old;
        small.rlim_cur = 4096;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        std::string error;
        const bool ok = writeFileAtomically(file.string(), std::string(64 * 1024, 'x'), error);
        setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, previous);
        QVERIFY(!ok);
        QCOMPARE(error, file.string() + ": cannot write: File too large");
        QCOMPARE(read(file), std::string("the good old file"));
        QCOMPARE(entries(dir), std::size_t(1));   // the temporary file is gone
    }
};

QTEST_APPLESS_MAIN(TestAtomicFile)
#include "tst_atomicfile.moc"
