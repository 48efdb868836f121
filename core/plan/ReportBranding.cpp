// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/ReportBranding.h"

#include <algorithm>
#include <array>

namespace gpuplan {

namespace {

bool endsWithNoCase(std::string_view text, std::string_view suffix)
{
    if (text.size() < suffix.size())
        return false;
    const std::string_view tail = text.substr(text.size() - suffix.size());
    return std::equal(tail.begin(), tail.end(), suffix.begin(), [](char a, char b) {
        const char lower = a >= 'A' && a <= 'Z' ? static_cast<char>(a - 'A' + 'a') : a;
        return lower == b;
    });
}

} // namespace

LogoKind logoKind(std::string_view path)
{
    constexpr std::array<std::string_view, 3> raster = {".png", ".jpg", ".jpeg"};
    for (std::string_view ext : raster) {
        if (endsWithNoCase(path, ext))
            return LogoKind::Raster;
    }
    return endsWithNoCase(path, ".svg") ? LogoKind::Svg : LogoKind::Unsupported;
}

bool isAllowedLogoPath(std::string_view path)
{
    if (path.empty())
        return true;
    // A newline or NUL in a path is a pasting accident, never a real file name worth supporting.
    const bool control = std::any_of(path.begin(), path.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u == 0x7f;
    });
    return !control && logoKind(path) != LogoKind::Unsupported;
}

} // namespace gpuplan
