#pragma once
/// \file
/// Range checks for numeric flags, run by CLI11 while it parses (so a bad number is a usage error,
/// exit 2, before anything loads), and the limits they enforce. docs/limits.md lists them all.

#include <cstdint>

#include <CLI/CLI.hpp>

namespace winml::cli {

/// Most timed (or warmup) iterations one run may ask for: every sample stays in memory until the
/// report is written. Also the cap on timed iterations under --duration.
inline constexpr std::int64_t kMaxIterations = 1'000'000;
/// Longest --duration, in seconds (one week).
inline constexpr double kMaxDurationS = 7 * 24 * 3600;
/// Longest --compile-timeout, in seconds (one day).
inline constexpr double kMaxCompileTimeoutS = 24 * 3600;
/// Most --compile-jobs: each is a worker process holding a model; far past the stages of any bundle.
inline constexpr std::int64_t kMaxCompileJobs = 256;
/// Largest --batch-size.
inline constexpr std::int64_t kMaxBatchSize = 1'000'000;
/// Largest --profile-top: more nodes than a console table or a report reader wants.
inline constexpr std::int64_t kMaxProfileTop = 10'000;
/// Largest --threads: far past the cores of any machine winml runs on, and a typo such as 20000
/// would otherwise start that many threads.
inline constexpr std::int64_t kMaxThreads = 1024;
/// Largest token count a flag may hold (-n, --prompt-tokens, --top-k): GenAI counts in 32-bit ints.
inline constexpr std::int64_t kMaxTokenCount = 2'147'483'647;
/// --concurrency: conversations in flight at once (GenAI's Engine batches at most its max batch size).
inline constexpr std::int64_t kMaxConcurrency = 1024;
/// --turns: turns per conversation.
inline constexpr std::int64_t kMaxTurns = 1024;
/// --request-rate: requests per second offered (a million is "all at once").
inline constexpr double kMaxRequestRate = 1e6;
/// --burstiness: the gamma shape of the arrival gaps (1: Poisson; large: evenly spaced).
inline constexpr double kMaxBurstiness = 1000;
/// Largest sampling --seed: GenAI's random_seed is a 32-bit int whose -1 means "random".
inline constexpr std::int64_t kMaxGenaiSeed = 2'147'483'647;
/// Upper bound of --temperature and --repetition-penalty: far past any useful value, and inside
/// the float GenAI stores them in.
inline constexpr double kMaxSamplingFactor = 100;

/// A decimal integer from `min` to `max`. Reads leading zeros as decimal ("010" is ten, where CLI11
/// alone would read octal) and refuses what CLI11 would otherwise read surprisingly: "0x10" (hex),
/// a negative number wrapped into an unsigned one, an overflow clamped to the largest value.
/// Bind it with `->transform(integer_in(...))`: CLI11 lets only a transform rewrite the text, and
/// the leading zeros must be gone before CLI11 converts it (`->check` would leave "010" octal).
CLI::Validator integer_in(std::int64_t min, std::uint64_t max);

/// A finite decimal number from `min` to `max`; with `min_exclusive`, strictly above `min`.
/// Refuses nan and inf.
CLI::Validator number_in(double min, double max, bool min_exclusive = false);

/// A finite decimal number of at least `min`, with no upper bound (a tolerance such as --rtol):
/// refuses nan and inf, which would make every comparison with the value false or true.
CLI::Validator number_at_least(double min);

/// A percentage as a finite plain number ("5", "2.5"; not "5%"), its range left to the check
/// that knows it and names the flag (e.g. --target-ci's, in perf/loop_settings.cpp). Without it
/// CLI11 says only "Could not convert".
CLI::Validator plain_percentage();

}  // namespace winml::cli
