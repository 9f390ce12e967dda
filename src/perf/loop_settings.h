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
  /// Upper bound on timed iterations under a time budget or a precision target (--max-iterations),
  /// so a microsecond-scale model cannot fill memory and the report with millions of samples.
  std::size_t max_iterations = kMaxIterations;
  /// --target-ci: keep running until the primary metric's 95 % interval half-width is within this
  /// percentage of its mean; `iterations` is then the minimum, and `max_iterations` and
  /// `duration_s` the bounds (docs/metrics.md, "Target precision").
  std::optional<double> target_ci_pct;
};

/// Timed iterations at most under --target-ci without --max-iterations, as a multiple of the
/// runtime's default count (winml-genai: 100, winml: 1000).
inline constexpr std::size_t kTargetCiDefaultMaxFactor = 10;

/// The iteration flags as given: unset counts take the runtime's defaults.
struct LoopRequest {
  std::optional<std::size_t> iterations;               ///< --iterations
  std::optional<std::size_t> warmup;                   ///< --warmup
  std::optional<double> duration_s;                    ///< --duration
  std::optional<double> target_ci_pct = std::nullopt;  ///< --target-ci (defaults keep {n, w, d} initialisers valid)
  std::optional<std::size_t> max_iterations = std::nullopt;  ///< --max-iterations
};

/// The plan for `request`, unset counts filled from the runtime's defaults, then validated
/// (winml::UsageError, see validate).
LoopSettings resolve_loop(const LoopRequest& request, std::size_t default_iterations, std::size_t default_warmup);

/// Throws winml::UsageError when the plan cannot run: no timed iterations, more iterations or
/// warmup iterations than kMaxIterations, a time budget that is not a positive finite number of
/// seconds, a precision target outside (0, 100) % or a --max-iterations below the minimum
/// --iterations. The message names the flag and a valid value.
void validate(const LoopSettings& settings);

/// True when another timed iteration should start, given how many already ran, the seconds spent in
/// the timed phase so far and, under --target-ci, the primary metric's interval half-width as a
/// fraction of its mean (empty while there is none). Pure: the runners' stopping rule, testable on
/// its own. Under a target: the first iteration always runs; then max_iterations and duration_s
/// stop the run, else it goes on until `iterations` ran and the half-width is within the target.
bool should_start_timed_iteration(const LoopSettings& settings, std::size_t done, double timed_elapsed_s,
                                  std::optional<double> relative_half_width = std::nullopt);

}  // namespace winml::perf
