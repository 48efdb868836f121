// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gpuplan {

namespace {

std::string reason(const std::string &path, const char *step, int err)
{
    return path + ": " + step + ": " + std::strerror(err);
}

bool writeAll(int fd, std::string_view text)
{
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return false;
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

} // namespace

bool writeFileAtomically(const std::string &path, std::string_view text, std::string &error)
{
    const std::filesystem::path target(path);
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    const std::string base = target.filename().string();
    if (base.empty() || base == "." || base == "..") {
        error = path + ": not a file name";
        return false;
    }
    struct stat old = {};
    const bool replacing = ::lstat(path.c_str(), &old) == 0;
    if (replacing && S_ISDIR(old.st_mode)) {
        error = path + ": is a folder";
        return false;
    }
    // A name nobody else can have chosen: O_EXCL refuses an existing one (and a link of that name).
    std::random_device random;
    std::string temporary;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, ".%08x.tmp", static_cast<unsigned>(random()));
        temporary = (folder / ("." + base + suffix)).string();
        fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) {
            error = reason(path, "cannot create a file in its folder", errno);
            return false;
        }
    }
    if (fd < 0) {
        error = reason(path, "cannot create a file in its folder", EEXIST);
        return false;
    }
    const char *step = nullptr;
    int err = 0;
    auto fail = [&](const char *what) {
        step = what;
        err = errno;
    };
    if (replacing && S_ISREG(old.st_mode) && ::fchmod(fd, old.st_mode & 07777) != 0)
        fail("cannot set the permissions");
    else if (!writeAll(fd, text))
        fail("cannot write");
    else if (::fsync(fd) != 0)
        fail("cannot flush to disk");
    if (::close(fd) != 0 && !step)
        fail("cannot write");   // NFS and others report a failed write at close
    if (!step && ::rename(temporary.c_str(), path.c_str()) != 0)
        fail("cannot replace the file");
    if (step) {
        ::unlink(temporary.c_str());
        error = reason(path, step, err);
        return false;
    }
    // The rename is durable once the folder's entry is on disk.
    const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
    return true;
}

} // namespace gpuplan
