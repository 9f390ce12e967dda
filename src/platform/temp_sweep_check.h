#pragma once
// For temp_sweep.cpp and its per-system halves only: whether one leftover may go, and removing it.

#include <filesystem>
#include <optional>

namespace winml::platform::temp_sweep {

/// True when `path` is a regular file (links never followed) that nobody holds locked and whose
/// writer is gone: `writer`, the pid in its name, is no running process, or the file is older than
/// a minute (see temp_sweep.h).
bool is_stale(const std::filesystem::path& path, const std::optional<long>& writer);

/// Deletes the file; false when the system refused.
bool remove(const std::filesystem::path& path);

}  // namespace winml::platform::temp_sweep
