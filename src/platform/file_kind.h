#pragma once
/// \file
/// What sits at a path we are about to write, and whether files can be created in a folder, asked
/// before a long run so a path that cannot be written fails in milliseconds, not at the end.

#include <filesystem>
#include <string>

namespace winml::platform {

/// What a path names, symlinks followed.
enum class FileKind {
  missing,    ///< nothing there (or a dangling symlink)
  regular,    ///< a regular file
  directory,  ///< a folder
  special,    ///< a device node, FIFO or socket: never a file winml may replace
};

/// The kind of `path`, following symlinks.
FileKind file_kind(const std::filesystem::path& path);

/// Why no file can be created in the folder `dir`; empty when one can. Creates and removes a
/// probe file, since permission bits alone do not tell: root ignores them, while /proc and
/// read-only mounts refuse everyone.
std::string file_creation_problem(const std::filesystem::path& dir);

}  // namespace winml::platform
