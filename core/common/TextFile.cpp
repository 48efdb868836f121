// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/TextFile.h"

#include <filesystem>
#include <fstream>

namespace gpuplan {

bool readTextFile(const std::string &path, std::size_t maxBytes, std::string &out, std::string &error)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) {
        error = path + ": no such file";
        return false;
    }
    if (!std::filesystem::is_regular_file(status)) {
        error = path + ": not a regular file";
        return false;
    }
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        error = path + ": cannot read the file size";
        return false;
    }
    if (size > maxBytes) {
        error = path + ": file of " + std::to_string(size) + " bytes exceeds the " +
                std::to_string(maxBytes / (1024 * 1024)) + " MiB limit";
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot open the file for reading";
        return false;
    }
    out.assign(static_cast<std::size_t>(size), '\0');
    in.read(out.data(), static_cast<std::streamsize>(size));
    if (static_cast<std::size_t>(in.gcount()) != size) {
        error = path + ": read error";
        return false;
    }
    return true;
}

} // namespace gpuplan
