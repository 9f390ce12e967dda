#pragma once
/// \file
/// Temporary files that become a target by rename, named so that a later run can tell a
/// leftover from a file still being written: `<target name>.tmp-<writer pid>-<6 random chars>`.
/// While a TempFile exists its writer holds a lock on it (the system drops it when the writer
/// dies, even when killed) and its path is registered for deletion on an interrupt
/// (signal_cleanup.h). sweep_stale_temp_files() (temp_sweep.h) deletes the leftovers.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "platform/signal_cleanup.h"

namespace winml::platform {

/// True for a temporary file name winml writes: `<name>.tmp-<pid>-XXXXXX`, or the older
/// `<name>.tmp-XXXXXX` of earlier winml versions (no pid).
bool is_temp_file_name(const std::string& name);

/// The writer's pid recorded in a temporary file name; nullopt for other names (and old ones).
std::optional<long> temp_file_writer(const std::string& name);

/// What the name of this process's temporary file for `target` starts with, `<target>.tmp-<pid>-`;
/// 6 random letters and digits complete it.
std::string temp_path_prefix(const std::filesystem::path& target);

/// A fresh temporary file beside `target`, open for writing, readable by everyone, locked and
/// registered for deletion on an interrupt. The destructor closes and deletes it unless commit()
/// gave it the target's name.
class TempFile {
 public:
  /// Creates the file in target's folder (which must exist). Throws winml::Error (runtime) naming
  /// the target when it cannot be created.
  explicit TempFile(const std::filesystem::path& target);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  /// The temporary file's path, UTF-8.
  const std::string& path() const { return path_; }

  /// Appends `size` bytes. Throws winml::Error (runtime) naming the target when the disk refuses.
  void write(const void* data, std::size_t size);
  /// Appends `bytes`.
  void write(std::string_view bytes) { write(bytes.data(), bytes.size()); }

  /// Flushes the content to disk (so after a crash the target never names unwritten data), then
  /// gives the file the target's name: over an existing target when `overwrite`, else only when
  /// nothing has that name, checked atomically so two writers cannot both win. Returns false,
  /// leaving the temporary file to the destructor, when !overwrite and the target exists. Throws
  /// winml::Error (runtime) when the disk or the rename refuses.
  bool commit(bool overwrite = true);

 private:
  void close_handle() noexcept;

  std::filesystem::path target_;
  std::string path_;
  std::intptr_t handle_ = -1;  ///< the open file: a descriptor on POSIX, a HANDLE on Windows
  bool committed_ = false;
  TempRegistration registration_;
};

}  // namespace winml::platform
