#pragma once
/// \file
/// A sweep's combinations in the order they are measured. Load-time settings (EP, device,
/// threads) are the outer axes, so combinations that share a loaded model are neighbours and each
/// distinct load-time setting loads the model once; the per-generation settings vary inside.
/// Order, outermost first: ep, device, threads, prompt_tokens, max_new_tokens, depth, max_length,
/// batch_size, concurrency, request_rate, turns; within an axis, the values as given. The plan is a plain vector so that a slice of
/// it (a shard) is again a valid list of combinations.

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "perf/perf_report.h"

namespace winml::perf {

/// Settings that need their own load of the model.
struct LoadSettings {
  std::string ep;              ///< --ep value; empty = not given
  std::string device;          ///< --device value; empty = the runtime's default
  std::optional<int> threads;  ///< --threads; nullopt = bundle / runtime default
  bool operator==(const LoadSettings&) const = default;
};

/// Settings that change from one generation (or batch) to the next on a loaded model.
struct RunSettings {
  std::optional<int> prompt_tokens;  ///< seeded random prompt of this length; nullopt = the text prompt
  int max_new_tokens = 128;          ///< -n
  int depth = 0;                     ///< --depth: tokens in the KV cache before the timed prompt
  std::optional<int> max_length;     ///< --max-length; nullopt = depth + prompt + new tokens
  int batch_size = 1;                ///< --batch-size (single-model runtime)
  /// --concurrency: conversations kept in flight through GenAI's Engine (a closed loop); with a
  /// request rate, the most in flight at once. 0: the generator, one generation at a time.
  int concurrency = 0;
  std::optional<double> request_rate;  ///< --request-rate: an open loop at this many requests/s
  int turns = 1;                       ///< --turns: turns per conversation through the engine
  /// Whether it runs through GenAI's Engine (perf/serving_benchmark.h), not the generator.
  bool serving() const { return concurrency > 0 || request_rate.has_value(); }
  bool operator==(const RunSettings&) const = default;
};

/// One point of the sweep: its settings are its identity.
struct Combination {
  std::size_t index = 0;  ///< 0-based position in the whole plan
  LoadSettings load;      ///< how the model is loaded
  RunSettings run;        ///< what each iteration runs
  std::string label;      ///< the swept settings, e.g. "threads=2 pp=256 tg=32"; empty for a plain run
};

/// Every value of every sweepable setting; a setting given once is a list of one.
struct SweepAxes {
  std::vector<std::string> eps = {""};
  std::vector<std::string> devices = {""};
  std::vector<std::optional<int>> threads = {std::nullopt};
  std::vector<std::optional<int>> prompt_tokens = {std::nullopt};
  std::vector<int> max_new_tokens = {128};
  std::vector<int> depths = {0};
  std::vector<std::optional<int>> max_lengths = {std::nullopt};
  std::vector<int> batch_sizes = {1};
  std::vector<int> concurrency = {0};
  std::vector<std::optional<double>> request_rates = {std::nullopt};
  std::vector<int> turns = {1};
};

/// The combinations and the report's description of the sweep.
struct SweepPlan {
  SweepFacts facts;                       ///< the axes with more than one value, outermost first
  std::vector<Combination> combinations;  ///< in measuring order
};

/// Expands the axes into their combinations. Throws UsageError when an axis is empty or the
/// product exceeds kMaxSweepCombinations (naming the count and the fix).
SweepPlan plan_sweep(const SweepAxes& axes);

/// Splits consecutive combinations into runs that share their load settings: each run is one
/// load of the model. The plan's order makes this one group per distinct setting.
std::vector<std::span<const Combination>> load_groups(std::span<const Combination> combinations);

/// Most --rounds one run may ask for: each round measures every combination again.
inline constexpr std::size_t kMaxRounds = 100;

/// Longest --delay, in seconds (one hour).
inline constexpr double kMaxDelayS = 3600;

/// --rounds and --delay: how often the sweep is measured, and the pause between runs.
struct RoundPlan {
  std::size_t rounds = 1;  ///< --rounds: every combination is measured this often, interleaved
  double delay_s = 0;      ///< --delay: seconds of sleep before every run but the first
};

/// One measured run of a sweep: a combination's warmup and timed iterations in one round.
struct ScheduledRun {
  std::size_t round = 1;     ///< 1-based round
  std::size_t position = 0;  ///< the combination's index in the span the schedule was made from
  bool loads = false;        ///< the model is (re)loaded right before this run
};

/// The runs of `rounds` rounds over `combinations`, interleaved: every round measures every
/// combination in plan order (A B C, A B C; never A A B B C C), so drift and heat over time fall on
/// each alike. A run loads the model when it begins a load group (load_groups) in any round, so
/// with several load settings each is reloaded once per round: one model is resident at a time,
/// which keeps each run's peak memory its own and leaves no idle session's threads beside the
/// measured one. With a single load setting its one load serves every round. Throws
/// std::invalid_argument unless 1 <= rounds <= kMaxRounds (the CLI checks --rounds before).
std::vector<ScheduledRun> schedule_rounds(std::span<const Combination> combinations, std::size_t rounds);

}  // namespace winml::perf
