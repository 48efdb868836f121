// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <span>

namespace gpuplan {

// One bundled catalog file compiled into the binary (see cmake/EmbedCatalogs.cmake).
struct EmbeddedFile
{
    const char *name;   // file name, e.g. "gpus.json"
    const char *data;   // file content (JSON text)
    std::size_t size;
};

std::span<const EmbeddedFile> embeddedCatalogFiles();

} // namespace gpuplan
