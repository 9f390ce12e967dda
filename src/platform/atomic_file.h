#pragma once
/// \file
/// Atomic file writes: content goes to a temporary file in the same folder, is flushed to disk,
/// then renamed over the target, so readers see the old file or the new one, never a mix.

#include <filesystem>
#include <string_view>

namespace winml::platform {

/// Writes content to path atomically. With overwrite=false an existing path is an error
/// (checked again at rename time with a hard link, so two writers cannot both win).
/// A symbolic link at `path` is replaced by the new file, never written through: rename() and
/// link() act on the name, so a link planted while the content was prepared is replaced too.
/// Creates missing parent folders (of new_file_path(path)). Throws winml::Error (runtime) on
/// failure, winml::UsageError when !overwrite and the path is taken.
void write_file_atomically(const std::filesystem::path& path, std::string_view content, bool overwrite = true);

/// `path` with the part that does not exist yet normalised lexically: in `dir/x.html/../r.html`,
/// with no `dir/x.html`, the file is `dir/r.html`, and creating its folders must not leave an
/// empty `x.html` behind. The part that exists is kept as written, so the system resolves its
/// links and `..` as it always does. A path without `.` or `..` after its first missing part
/// comes back unchanged.
std::filesystem::path new_file_path(const std::filesystem::path& path);

}  // namespace winml::platform
