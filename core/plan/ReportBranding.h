// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

// Who the PDF report is for: an organisation name and a logo, printed on the cover and in every
// page header (docs/exports.md). The core holds and checks the strings only; reading the image is
// the PDF renderer's job (ui/report), which resolves a relative logo path against the folder of
// the plan file.
namespace gpuplan {

struct ReportBranding
{
    std::string organisation;   // empty = the desktop Preferences' default, if any
    std::string logo;           // path of a PNG, JPEG or SVG file; empty = the Preferences' default
};

inline constexpr std::size_t kMaxOrganisationChars = 200;
inline constexpr std::size_t kMaxLogoPathChars = 4096;   // PATH_MAX on Linux

// The kind of image a logo path names, by its extension (any case).
enum class LogoKind { Raster, Svg, Unsupported };
LogoKind logoKind(std::string_view path);

// True for an empty path, or a path of a PNG, JPEG or SVG file without control characters.
// Whether the file exists and decodes is checked when the report is made.
bool isAllowedLogoPath(std::string_view path);

// How isAllowedLogoPath's rule reads in messages and docs.
inline constexpr const char *kAllowedLogoPath =
    "empty, or the path of a PNG, JPEG or SVG file (.png, .jpg, .jpeg or .svg; no control characters)";

} // namespace gpuplan
