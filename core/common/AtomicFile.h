// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace gpuplan {

// Replaces the file at path with text, so that the old file stays as it was unless the new one is
// complete on disk: a temporary file in the same folder, created new (O_CREAT|O_EXCL|O_NOFOLLOW:
// a planted link or file of that name is never written through), written, flushed and fsync'ed,
// then renamed over path, and the folder fsync'ed. The new file keeps the permissions of the file
// it replaces. Any failing step (a full disk, a file size limit, a folder that does not exist or
// is not writable, a path that is a folder) removes the temporary file and returns false with
// error naming path, the step and the system's reason: "out.json: cannot write: No space left on
// device". A path that is a link is replaced by a file, not followed.
bool writeFileAtomically(const std::string &path, std::string_view text, std::string &error);

} // namespace gpuplan
