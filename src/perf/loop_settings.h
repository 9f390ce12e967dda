#pragma once
/// \file
/// How many iterations a benchmark runner performs: warmup, then a count or a time budget.

#include <cstddef>
#include <optional>

namespace winml::perf {

/// Most timed or warmup iterations one run may have: every sample is kept in memory until the
/// report is written (docs/limits.md).
inline constexpr std::size_t kMaxIterations = 1'000'000;

/// Iteration plan shared by the GenAI and the latency runner.
struct LoopSettings {
  /// Timed iterations when no time budget is set.
  std::size_t iterations = 10;
  /// Untimed warmup iterations run first and excluded from statistics.
  std::size_t warmup = 2;
  /// Time budget in seconds for the timed phase (replaces `iterations`): no new iteration starts
  /// once this much time has passed since the timed phase began; at least one always runs.
  /// The warmup phase does not count against the budget.
  std::optional<double> duration_s;
  /// Upper bound on timed iterations under a time budget, so a microsecond-scale model cannot
  /// fill memory and the report with millions of samples.
  std::size_t max_iterations = kMaxIterations;
};

/// The iteration flags as given: unset counts take the runtime's defaults.
struct LoopRequest {
  std::optional<std::size_t> iterations;  ///< --iterations
  std::optional<std::size_t> warmup;      ///< --warmup
  std::optional<double> duration_s;       ///< --duration
};

/// The plan for `request`, unset counts filled from the runtime's defaults, then validated
/// (winml::UsageError, see validate).
LoopSettings resolve_loop(const LoopRequest& request, std::size_t default_iterations, std::size_t default_warmup);

/// Throws winml::UsageError when the plan cannot run: no timed iterations, more iterations or
/// warmup iterations than kMaxIterations, or a time budget that is not a positive finite number of
/// seconds. The message names the flag and a valid value.
void validate(const LoopSettings& settings);

/// True when another timed iteration should start, given how many already ran and the seconds
/// spent in the timed phase so far. Pure: the runners' budget logic, testable on its own.
bool should_start_timed_iteration(const LoopSettings& settings, std::size_t done, double timed_elapsed_s);

}  // namespace winml::perf
