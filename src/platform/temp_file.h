#pragma once
/// \file
/// Temporary files that become a target by rename, named so that a later run can tell a
/// leftover from a file still being written: `<target name>.tmp-<writer pid>-<6 random chars>`.
/// While a TempFile exists its writer holds an flock on it (the kernel drops it when the writer
/// dies, even on SIGKILL) and its path is registered for deletion on SIGINT/SIGTERM
/// (signal_cleanup.h). sweep_stale_temp_files() (temp_sweep.h) deletes the leftovers.

#include <filesystem>
#include <optional>
#include <string>

#include "platform/signal_cleanup.h"

namespace winml::platform {

/// True for a temporary file name winml writes: `<name>.tmp-<pid>-XXXXXX`, or the older
/// `<name>.tmp-XXXXXX` of earlier winml versions (no pid).
bool is_temp_file_name(const std::string& name);

/// The writer's pid recorded in a temporary file name; nullopt for other names (and old ones).
std::optional<long> temp_file_writer(const std::string& name);

/// A fresh temporary file beside `target`, open for writing with mode 0644, locked and registered
/// for deletion on a signal. The destructor closes and deletes it unless keep() was called.
class TempFile {
 public:
  /// Creates the file in target's folder (which must exist). Throws winml::Error (runtime) naming
  /// the target when it cannot be created.
  explicit TempFile(const std::filesystem::path& target);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  /// The open descriptor (-1 after release_fd()).
  int fd() const { return fd_; }
  /// The temporary file's path.
  const std::string& path() const { return path_; }
  /// Hands the descriptor to the caller (e.g. for fdopen), who closes it; the lock goes with it.
  int release_fd();
  /// The file now lives under its final name (renamed or linked): stop deleting it, close the
  /// descriptor if still owned and unregister it.
  void keep();

 private:
  std::string path_;
  int fd_ = -1;
  bool kept_ = false;
  TempRegistration registration_;
};

}  // namespace winml::platform
