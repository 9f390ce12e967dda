#include "perf/sweep_selection.h"

namespace winml::perf {

std::span<const Combination> selected_combinations(const SweepPlan& plan, const std::optional<Shard>& shard) {
  const std::span<const Combination> all(plan.combinations);
  if (!shard) return all;
  const ShardSlice slice = shard_slice(*shard, all.size());
  return all.subspan(slice.begin, slice.size());
}

}  // namespace winml::perf
