#pragma once
/// \file
/// `winml perf` stopped by Ctrl-C (platform/interrupt_request.h): the report of what finished is
/// written, then main() exits 130, the code a shell gives a process Ctrl-C ended, so a script
/// still tells an interrupted run from a finished one.

#include <cstddef>
#include <optional>
#include <stdexcept>

#include "perf/interruption.h"

namespace winml::cli {

/// The exit code of a run Ctrl-C stopped (128 + SIGINT).
inline constexpr int kExitInterrupted = 130;

/// Thrown once an interrupted run's report is written (or when nothing finished to write); the
/// message says what the report holds.
class RunInterrupted : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Throws RunInterrupted, before anything is written, when the run was stopped before any
/// combination finished a timed iteration: there is nothing to report.
void refuse_empty_interrupted_run(const std::optional<perf::Interruption>& interrupted, std::size_t results);

/// Throws RunInterrupted, once the report is written, when the run was stopped; the message says
/// how much of the plan the report holds.
void finish_interrupted_run(const std::optional<perf::Interruption>& interrupted);

}  // namespace winml::cli
