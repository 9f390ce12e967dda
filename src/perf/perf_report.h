#pragma once
/// \file
/// What one `winml perf` run hands to the reporters: the sweep it measured (its axes as given)
/// and one result per measured combination, in the order they ran. A plain run is a sweep of one
/// combination with no axes.

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "perf/genai_result.h"
#include "perf/interruption.h"
#include "perf/onnx_result.h"
#include "perf/shard.h"

namespace winml::perf {

/// One value of a sweep axis as given: a count (threads, tokens, batch size), a name (EP, device)
/// or a real number (a request rate).
using SweepValue = std::variant<std::int64_t, std::string, double>;

/// One swept setting: its report name (as the result's config spells it, e.g. "prompt_tokens")
/// and its values in the order given.
struct SweepAxis {
  std::string name;                ///< config key of the setting
  std::vector<SweepValue> values;  ///< values as given, in order
  bool operator==(const SweepAxis&) const = default;
};

/// The axes a run swept, outermost first (the order combinations were expanded in), and how many
/// combinations that makes. Settings given as a single value are not axes.
struct SweepFacts {
  std::vector<SweepAxis> axes;   ///< outermost first; empty for a plain run
  std::size_t combinations = 1;  ///< product of the axes' sizes (1 for a plain run), also in a shard
  std::optional<Shard> shard;    ///< --shard: the slice of the combinations this run measured
};

/// Every result of one run, one per combination, in run order.
template <class Result>
struct PerfReport {
  SweepFacts sweep;             ///< what was swept
  std::vector<Result> results;  ///< one per combination (of an interrupted run: each that measured anything)
  std::optional<Interruption> interrupted;  ///< Ctrl-C stopped the run before its plan
};

/// A GenAI run's results.
using GenaiPerfReport = PerfReport<GenaiPerfResult>;
/// A single-model run's results.
using OnnxPerfReport = PerfReport<OnnxPerfResult>;

/// A plain run: one result, no axes.
template <class Result>
PerfReport<Result> single_result_report(Result result) {
  PerfReport<Result> report;
  report.results.push_back(std::move(result));
  return report;
}

}  // namespace winml::perf
