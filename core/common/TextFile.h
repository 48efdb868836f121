// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>

namespace gpuplan {

// Reads a whole file, refusing anything larger than maxBytes. On failure error names the file.
bool readTextFile(const std::string &path, std::size_t maxBytes, std::string &out, std::string &error);

} // namespace gpuplan
