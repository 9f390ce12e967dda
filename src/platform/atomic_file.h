#pragma once
/// \file
/// Atomic file writes: content goes to a temporary file in the same folder, is flushed to disk,
/// then renamed over the target, so readers see the old file or the new one, never a mix.

#include <filesystem>
#include <string_view>

namespace winml::platform {

/// Writes content to path atomically. With overwrite=false an existing path is an error
/// (checked again at rename time with a hard link, so two writers cannot both win).
/// Creates missing parent folders. Throws winml::Error (runtime) on failure.
void write_file_atomically(const std::filesystem::path& path, std::string_view content, bool overwrite = true);

}  // namespace winml::platform
