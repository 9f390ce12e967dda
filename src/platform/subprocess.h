#pragma once
/// \file
/// Runs a child process with a time limit. The child gets its own process group (a job object on
/// Windows) so that a timeout (or the child's exit) ends everything it started, not only the
/// process we spawned; on Windows the job also ends the child and its descendants when this
/// process dies. How the child ended is reported as a named status, never as a raw wait() code.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace winml::platform {

/// How a child process ended.
enum class ExitStatus {
  success,       ///< exited with code 0
  failure,       ///< exited with a non-zero code (see ProcessResult::exit_code)
  signaled,      ///< killed by a signal it did not catch, or on Windows ended by an exception such as an
                 ///< access violation or Ctrl-C (see ProcessResult::signal)
  timed_out,     ///< still running at the deadline; its process group was killed
  spawn_failed,  ///< could not be started (see ProcessResult::error)
};

/// What to run.
struct ProcessOptions {
  /// Program (looked up in PATH when it has no '/'; on Windows also with ".exe" added) followed by
  /// its arguments.
  std::vector<std::string> argv;
  /// Wall-clock limit; nullopt waits forever.
  std::optional<std::chrono::milliseconds> timeout;
  /// Bytes of combined stdout+stderr kept (the tail: errors come last).
  std::size_t output_limit = std::size_t{64} * 1024;
  /// Variables set (or replaced) in the child's environment on top of ours.
  std::vector<std::pair<std::string, std::string>> env;
};

/// How the child ended and what it printed.
struct ProcessResult {
  ExitStatus status = ExitStatus::spawn_failed;
  int exit_code = -1;  ///< when status is success or failure
  int signal = 0;      ///< when status is signaled: the signal, or on Windows the NTSTATUS exception code
  double seconds = 0;  ///< wall time from spawn to reaping
  std::string output;  ///< tail of stdout and stderr, interleaved as written
  std::string error;   ///< why spawning failed
};

/// Runs the child to completion (or to the timeout) and reaps it. stdin is the null device. Never throws
/// for anything the child does; throws winml::Error only when the parent itself cannot set up the
/// pipes. An empty argv is reported as spawn_failed.
ProcessResult run_process(const ProcessOptions& options);

/// One line for messages: "exited with code 3", "killed by signal 11 (Segmentation fault)",
/// "timed out after 2.0 s and was killed", "could not be started: ...".
std::string describe(const ProcessResult& result);

/// The status's name for reports: "success", "failure", "signaled", "timed_out", "spawn_failed".
const char* to_string(ExitStatus status);

}  // namespace winml::platform
