#pragma once
/// \file
/// The sweepable flags of `winml perf` (--prompt-tokens, -n, --depth, --threads, --max-length,
/// --batch-size, --ep, --device): each takes a value, a list or a range (perf/sweep_values.h),
/// checked while CLI11 parses so a bad list is a usage error before anything loads.

#include <CLI/CLI.hpp>
#include <algorithm>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "perf/shard.h"
#include "perf/sweep_plan.h"

namespace winml::cli {

struct PerfOptions;

/// Adds a sweepable count flag: `text` receives the value as given; the check parses it with
/// perf::parse_count_list in [min, max].
CLI::Option* add_count_sweep(CLI::App& cmd, const std::string& names, std::string& text, const std::string& help,
                             long long min, long long max);

/// Adds a sweepable name flag (--ep, --device): the check parses it with perf::parse_name_list.
CLI::Option* add_name_sweep(CLI::App& cmd, const std::string& names, std::string& text, const std::string& help);

/// Every sweepable setting of `options` as lists, for `runtime` ("winml" or "winml-genai"): the
/// settings of the other runtime keep their single default, since that runtime ignores them.
perf::SweepAxes sweep_axes(const PerfOptions& options, const std::string& runtime);

/// The combinations this run measures: all of the plan's, or the slice of --shard K/N
/// (perf::shard_slice; a usage error when the slice would be empty).
std::span<const perf::Combination> selected_combinations(const perf::SweepPlan& plan,
                                                         const std::optional<perf::Shard>& shard);

/// The load choice of every distinct load setting of a sweep, resolved up front (so a bad EP in
/// the last group fails before the first one runs), handed to a benchmark as its chooser.
template <class Choice>
class LoadChoices {
 public:
  /// Resolves each distinct load setting of `combinations` once with `resolve`.
  LoadChoices(std::span<const perf::Combination> combinations,
              const std::function<Choice(const perf::LoadSettings&)>& resolve) {
    for (const perf::Combination& c : combinations) {
      if (find(c.load) == nullptr) choices_.emplace_back(c.load, resolve(c.load));
    }
  }
  /// The benchmark's chooser: the resolved choice of a load setting.
  std::function<Choice(const perf::LoadSettings&)> chooser() const {
    return [this](const perf::LoadSettings& load) {
      const Choice* choice = find(load);
      if (choice == nullptr) throw std::logic_error("a load setting outside the sweep plan");
      return *choice;
    };
  }

 private:
  const Choice* find(const perf::LoadSettings& load) const {
    auto it = std::find_if(choices_.begin(), choices_.end(), [&](const auto& entry) { return entry.first == load; });
    return it == choices_.end() ? nullptr : &it->second;
  }
  std::vector<std::pair<perf::LoadSettings, Choice>> choices_;
};

}  // namespace winml::cli
