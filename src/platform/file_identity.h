#pragma once
/// \file
/// What identifies a file's content cheaply: its size and its modification time in nanoseconds.
/// Used by caches to tell whether a source changed without hashing gigabytes of weights.

#include <cstdint>
#include <filesystem>
#include <optional>

namespace winml::platform {

/// Size and modification time of a regular file (symlinks are followed).
struct FileIdentity {
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;  ///< nanoseconds since the Unix epoch
  bool operator==(const FileIdentity&) const = default;
};

/// The identity of a regular file; nullopt when it is missing or not a regular file.
std::optional<FileIdentity> file_identity(const std::filesystem::path& path);

/// Flushes a file's content (or a folder's entries) to disk; false when that fails. Used before a
/// marker claims the file is complete, so a crash cannot leave a marker naming unwritten data.
bool sync_to_disk(const std::filesystem::path& path);

}  // namespace winml::platform
