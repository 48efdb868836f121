// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/Utf8.h"

namespace gpuplan {

bool isValidUtf8(std::string_view text, std::size_t *badOffset)
{
    const auto *s = reinterpret_cast<const unsigned char *>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        // Lead byte: sequence length and the range of the second byte (Unicode Table 3-7).
        std::size_t length = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            lo = c == 0xE0 ? 0xA0 : 0x80;   // no overlong forms
            hi = c == 0xED ? 0x9F : 0xBF;   // no surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            lo = c == 0xF0 ? 0x90 : 0x80;   // no overlong forms
            hi = c == 0xF4 ? 0x8F : 0xBF;   // nothing above U+10FFFF
        }
        bool ok = length > 0 && i + length <= n && s[i + 1] >= lo && s[i + 1] <= hi;
        for (std::size_t k = 2; ok && k < length; ++k)
            ok = s[i + k] >= 0x80 && s[i + k] <= 0xBF;
        if (!ok) {
            if (badOffset)
                *badOffset = i;
            return false;
        }
        i += length;
    }
    return true;
}

} // namespace gpuplan
