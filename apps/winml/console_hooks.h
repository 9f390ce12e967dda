#pragma once
/// \file
/// Where a command's console output goes when a host runs it in its own process (the Python
/// package, through run_embedded in command_line.h) instead of on a terminal: stdout's text, the
/// warnings, the status lines and a benchmark's progress become calls. Each hook left empty keeps
/// its output where the program puts it.

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "perf/progress.h"

namespace winml::cli {

/// What a written file is, for ConsoleHooks::written.
enum class WrittenFile { report, html };

/// The calls a host receives instead of console output.
struct ConsoleHooks {
  std::function<void(std::string_view)> output;     ///< what the command writes to stdout
  std::function<void(const std::string&)> warning;  ///< a warning's message, without "warning: "
  std::function<void(const std::string&)> status;   ///< a status line: "loading ...", "report written to ..."
  /// A file `winml perf` wrote and where, once it is complete (under its final name).
  std::function<void(WrittenFile, const std::filesystem::path&)> written;
  /// `winml perf`'s rows (-f jsonl's text), whatever -f asked for: a host gets the report on
  /// stdout and its rows here.
  std::function<void(const std::string&)> rows;
  /// A benchmark's progress; nullptr: the console's own lines on stderr, following -q.
  perf::ProgressSink* progress = nullptr;
};

/// Installs `hooks` for its lifetime. One at a time in a process: a host runs one command at a
/// time (not nestable; the hooks must outlive the scope).
class ConsoleHooksScope {
 public:
  explicit ConsoleHooksScope(const ConsoleHooks& hooks) noexcept;
  ~ConsoleHooksScope();
  ConsoleHooksScope(const ConsoleHooksScope&) = delete;
  ConsoleHooksScope& operator=(const ConsoleHooksScope&) = delete;
};

/// The installed hooks, or nullptr when the command runs as the winml program.
const ConsoleHooks* console_hooks() noexcept;

}  // namespace winml::cli
