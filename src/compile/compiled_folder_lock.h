#pragma once
/// \file
/// The lock that serialises preparations of one output folder (`_compiled/.lock`). Hold it from
/// the first look at the folder until its completion marker is written, so two runs never compile,
/// purge or rewrite the folder at the same time. It is released by the kernel if the holder dies.

#include <chrono>
#include <filesystem>

#include "compile/compile_result.h"
#include "platform/file_lock.h"

namespace winml::compile {

/// Exclusive lock on `<dir>/.lock`; creates `dir` when missing.
class CompiledFolderLock {
 public:
  /// How long a run waits for another run's preparation by default: compiles take minutes.
  static constexpr std::chrono::minutes kDefaultWait{30};

  /// Waits up to `wait`, calling on_wait once with a message when another run holds the lock.
  /// Throws winml::Error naming the holder when the wait runs out.
  explicit CompiledFolderLock(const std::filesystem::path& dir, std::chrono::milliseconds wait = kDefaultWait,
                              const Notify& on_wait = {});
  /// The locked folder.
  const std::filesystem::path& dir() const { return dir_; }
  /// `<dir>/.lock`.
  static std::filesystem::path lock_file(const std::filesystem::path& dir);

 private:
  std::filesystem::path dir_;
  platform::FileLock lock_;
};

}  // namespace winml::compile
