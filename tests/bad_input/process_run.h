#pragma once
// Runs the winml binary for a bad-input case with a controlled environment, optional stdin and
// stdout files, an optional signal after a delay, and a hard time limit.

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace winml::test {

/// What to run and how.
struct ProcessSpec {
  std::string program;
  std::vector<std::string> args;
  std::filesystem::path cwd;
  std::map<std::string, std::string> env_set;        ///< added to (or replacing in) this process's environment
  std::vector<std::string> env_unset;                ///< removed from it
  std::optional<std::filesystem::path> stdin_path;   ///< default /dev/null
  std::optional<std::filesystem::path> stdout_path;  ///< default: captured
  int signal = 0;                                    ///< sent after signal_after_ms when non-zero
  int signal_after_ms = 0;
  std::function<void()> during;  ///< called once, after during_after_ms, while the process runs
  int during_after_ms = 0;
  double time_limit_s = 120;  ///< killed (SIGKILL) past this; reported as timed_out
};

/// How it ended.
struct ProcessOutcome {
  int exit_code = -1;  ///< the exit status, or 128+N when killed by signal N
  bool timed_out = false;
  double seconds = 0;
  std::string out;  ///< captured stdout (empty when stdout_path was given)
  std::string err;
};

/// Runs the process to completion (or to its time limit). Throws std::runtime_error when it
/// cannot be started.
ProcessOutcome run_process(const ProcessSpec& spec);

}  // namespace winml::test
