#pragma once
/// \file
/// Service-level objectives of a serving run (`--slo ttft=500ms,tpot=50ms,e2e=2s`) and its
/// goodput: the share of requests that met every objective given, and how many such requests a
/// second the run completed. A sweep over load shows the highest load that still meets them.
/// Per request, as vLLM's `bench serve` defines them: TTFT from arrival to the first token, TPOT
/// the mean gap after the first token ((end - first token) / (generated - 1)), E2E from arrival to
/// the end.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "perf/serving_loop.h"

namespace winml::perf {

/// The objectives given; an unset one is not checked.
struct ServiceObjectives {
  std::optional<double> ttft_s;
  std::optional<double> tpot_s;
  std::optional<double> e2e_s;
  bool empty() const { return !ttft_s && !tpot_s && !e2e_s; }
};

/// Parses "ttft=500ms,tpot=50ms,e2e=2s": comma-separated NAME=TIME, NAME one of ttft, tpot, e2e,
/// each at most once, TIME a positive number with the unit us, ms or s. Throws UsageError naming
/// the part that is wrong and the form that is right.
ServiceObjectives parse_service_objectives(std::string_view text);

/// "ttft <= 500 ms, tpot <= 50 ms": the objectives in words, for tables and reports.
std::string describe(const ServiceObjectives& objectives);

/// A request's time per output token after the first; nullopt with fewer than two tokens.
std::optional<double> time_per_output_token_s(const ServedRequest& request);

/// Whether `request` met every objective given (a TPOT objective is met by a request with fewer
/// than two tokens: it has no gap to judge).
bool meets(const ServedRequest& request, const ServiceObjectives& objectives);

/// How many of a run's requests met the objectives.
struct Goodput {
  std::size_t met = 0;
  std::size_t requests = 0;
  double share() const { return requests > 0 ? static_cast<double>(met) / static_cast<double>(requests) : 0; }
  double requests_per_s = 0;  ///< requests that met them, per second of the run
};

Goodput goodput(const ServingRun& run, const ServiceObjectives& objectives);

}  // namespace winml::perf
