#pragma once
/// \file
/// What a run takes from its sweep plan: the combinations it measures (all, or one shard's slice),
/// and the load choice of each distinct load setting among them, resolved before anything loads.

#include <algorithm>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "perf/shard.h"
#include "perf/sweep_plan.h"

namespace winml::perf {

/// The combinations this run measures: all of the plan's, or the slice of --shard K/N
/// (shard_slice; a usage error when the slice would be empty).
std::span<const Combination> selected_combinations(const SweepPlan& plan, const std::optional<Shard>& shard);

/// The load choice of every distinct load setting of a sweep, resolved up front (so a bad EP in
/// the last group fails before the first one runs), handed to a benchmark as its chooser.
template <class Choice>
class LoadChoices {
 public:
  /// Resolves each distinct load setting of `combinations` once with `resolve`, in plan order.
  LoadChoices(std::span<const Combination> combinations, const std::function<Choice(const LoadSettings&)>& resolve) {
    for (const Combination& c : combinations) {
      if (find(c.load) == nullptr) choices_.emplace_back(c.load, resolve(c.load));
    }
  }
  /// The benchmark's chooser: the resolved choice of a load setting. It refers to this object, so
  /// it must not outlive it; a setting outside the combinations is a logic error.
  std::function<Choice(const LoadSettings&)> chooser() const {
    return [this](const LoadSettings& load) {
      const Choice* choice = find(load);
      if (choice == nullptr) throw std::logic_error("a load setting outside the sweep plan");
      return *choice;
    };
  }

 private:
  const Choice* find(const LoadSettings& load) const {
    auto it = std::find_if(choices_.begin(), choices_.end(), [&](const auto& entry) { return entry.first == load; });
    return it == choices_.end() ? nullptr : &it->second;
  }
  std::vector<std::pair<LoadSettings, Choice>> choices_;
};

}  // namespace winml::perf
