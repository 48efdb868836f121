// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string_view>

namespace gpuplan {

// True when text is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above
// U+10FFFF). Text read from files and the command line is checked with it before it can reach a
// JSON output, which must be UTF-8. On failure badOffset (if given) is the first bad byte.
bool isValidUtf8(std::string_view text, std::size_t *badOffset = nullptr);

} // namespace gpuplan
