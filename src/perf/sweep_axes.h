#pragma once
/// \file
/// The one table of sweep axes: every sweepable setting with its report name, its short label,
/// the runtime it belongs to, where a JSON report records the value asked for, and how to read the
/// value a combination asked for and the value a result ran with. The sweep plan, the console and
/// row formats and the comparison all read it, so an axis is spelled here once. Order: the order
/// combinations are expanded in (sweep_plan.h), load-time settings outermost.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "perf/genai_result.h"
#include "perf/onnx_result.h"
#include "perf/perf_report.h"
#include "perf/sweep_plan.h"

namespace winml::perf {

/// Which runtime measures an axis: the other ignores it and keeps its single default.
enum class AxisRuntime { both, genai, onnx };

/// What an axis's values are: names (EP, device), counts (threads, tokens, batch size) or real
/// numbers (request rate).
enum class AxisKind { name, count, number };

/// One sweepable setting. Eleven constant rows: the fields follow how a row reads, not the tightest
/// packing.
struct SweepAxisSpec {  // NOLINT(clang-analyzer-optin.performance.Padding)
  const char* name;               ///< report name, as a result's config spells it, e.g. "prompt_tokens"
  const char* label;              ///< short name in tables and labels, llama-bench style, e.g. "pp"
  const char* title;              ///< what a chart's axis calls it, e.g. "prompt length"
  const char* unit;               ///< unit of a count ("tokens"); "" for names
  bool curve;                     ///< the HTML report draws a sweep curve against it (counts that shape speed)
  AxisKind kind;                  ///< names or counts
  AxisRuntime runtime;            ///< who measures it
  bool default_column;            ///< a column of a sweep table when the report names no axes (a merge)
  const char* requested_pointer;  ///< JSON pointer to the value asked for in a report's result
  /// Whether the value at requested_pointer is the one the command line gave, so a sweep's values
  /// can be checked against it; not so for ep and device, recorded as resolved ("cpu" for
  /// CPUExecutionProvider).
  bool request_recorded;
  /// JSON pointer to the value in effect where a result records it apart from the request (the
  /// intra-op threads every session ran with); nullptr where there is none.
  const char* in_effect_pointer;
  /// The values given for it, in order.
  std::vector<SweepValue> (*given)(const SweepAxes& axes);
  /// Puts its values in `axes` back to the single default (for the runtime that ignores it).
  void (*reset)(SweepAxes& axes);
  /// The value a combination asks for (unset optional counts read 0, as in a label).
  SweepValue (*requested)(const Combination& combination);
  /// The value a GenAI result ran with; nullopt when unknown or not a GenAI setting.
  std::optional<SweepValue> (*genai_in_effect)(const GenaiPerfResult& result);
  /// The value a single-model result ran with; nullopt when unknown or not a single-model setting.
  std::optional<SweepValue> (*onnx_in_effect)(const OnnxPerfResult& result);
};

/// Every axis, outermost first.
std::span<const SweepAxisSpec> sweep_axis_specs();

/// The axis of that report name; nullptr for a name the table does not know.
const SweepAxisSpec* find_sweep_axis(const std::string& name);

/// The short name of an axis in tables and progress lines ("pp" for prompt_tokens, "tg" for
/// max_new_tokens, "max_len" for max_length, "batch" for batch_size); a name the table does not
/// know (from a report of another version) is its own label.
std::string axis_label(const std::string& name);

/// The value a result ran with, by runtime.
std::optional<SweepValue> in_effect(const SweepAxisSpec& axis, const GenaiPerfResult& result);
std::optional<SweepValue> in_effect(const SweepAxisSpec& axis, const OnnxPerfResult& result);

/// A value as a table cell and a label print it: names as given, counts in decimal.
std::string sweep_value_text(const SweepValue& value);

/// `given` for runtime "winml-genai" or "winml": the axes of the other runtime keep their single
/// default, since that runtime ignores them.
SweepAxes axes_for_runtime(SweepAxes given, const std::string& runtime);

}  // namespace winml::perf
