#include "merge/shard_coverage.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <set>
#include <utility>

#include "util/printable.h"

namespace winml::merge {
namespace {

// "3/4", "3/4 and 4/4" or "2/5, 3/5 and 5/5": the first of `total` items; past kListedItems the
// rest are counted, "and 9990 more" (one shard of 10,000 given leaves 9,999 to name).
std::string item_list(const std::vector<std::string>& first, std::size_t total) {
  std::string out;
  for (std::size_t i = 0; i < first.size(); ++i) {
    if (i > 0) out += i + 1 == total ? " and " : ", ";
    out += first[i];
  }
  if (first.size() < total) out += fmt::format(" and {} more", total - first.size());
  return out;
}

// "a.json, b.json": the files of a sweep, in the order given.
std::string file_list(const std::vector<std::string>& files) {
  std::vector<std::string> first;
  for (std::size_t i = 0; i < files.size() && i < kListedItems; ++i) first.push_back(printable(files[i]));
  if (files.size() <= kListedItems) return fmt::format("{}", fmt::join(first, ", "));
  return item_list(first, files.size()) + " files";
}

std::string shard_list(const std::vector<perf::Shard>& shards) {
  std::vector<std::string> first;
  for (std::size_t i = 0; i < shards.size() && i < kListedItems; ++i) first.push_back(perf::to_string(shards[i]));
  return item_list(first, shards.size());
}

struct SweepShards {
  std::vector<std::string> files;                      ///< every file with a shard of the sweep, in order
  std::map<std::size_t, std::vector<std::string>> by;  ///< shard index -> the files claiming it
};

void add_once(std::vector<std::string>& list, const std::string& item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

}  // namespace

ShardCoverage check_shard_coverage(const std::vector<ShardClaim>& claims) {
  // Keyed by (sweep, N) in the order the sweeps first appear, so messages follow the command line.
  std::vector<std::pair<document::SweepIdentity, std::size_t>> order;
  std::map<std::pair<document::SweepIdentity, std::size_t>, SweepShards> sweeps;
  for (const ShardClaim& claim : claims) {
    if (claim.shard.count < 2) continue;
    const auto key = std::make_pair(claim.sweep, claim.shard.count);
    auto [it, added] = sweeps.try_emplace(key);
    if (added) order.push_back(key);
    add_once(it->second.files, claim.file);
    add_once(it->second.by[claim.shard.index], claim.file);
  }
  ShardCoverage coverage;
  for (const auto& key : order) {
    const SweepShards& sweep = sweeps.at(key);
    const std::size_t count = key.second;
    std::vector<perf::Shard> missing;
    for (std::size_t index = 1; index <= count; ++index) {
      const auto it = sweep.by.find(index);
      if (it == sweep.by.end()) {
        missing.push_back({index, count});
      } else if (it->second.size() > 1) {
        coverage.duplicated.push_back(fmt::format("shard {} of one sweep is in each of {}",
                                                  perf::to_string({index, count}), file_list(it->second)));
      }
    }
    if (!missing.empty()) {
      coverage.missing.push_back(fmt::format("{} {} of the sweep in {} {} missing",
                                             missing.size() == 1 ? "shard" : "shards", shard_list(missing),
                                             file_list(sweep.files), missing.size() == 1 ? "is" : "are"));
    }
  }
  return coverage;
}

}  // namespace winml::merge
