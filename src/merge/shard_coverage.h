#pragma once
/// \file
/// Whether the shards given to `winml perf merge` make up their sweeps: every shard 1..N of a
/// sweep present, none twice. A sweep is told apart by its identity (document/report_identity.h:
/// the same command line on every machine gives the same one) and its shard count.

#include <string>
#include <vector>

#include "document/report_identity.h"
#include "perf/shard.h"

namespace winml::merge {

/// Most shards or files one message lists; the rest are counted ("and 9990 more").
inline constexpr std::size_t kListedItems = 10;

/// One input's claim to have measured one shard of a sweep.
struct ShardClaim {
  std::string file;               ///< the report file, as named on the command line
  document::SweepIdentity sweep;  ///< which sweep
  perf::Shard shard;
};

/// What is wrong with a set of claims: one sentence per problem, naming the shards and files (at
/// most kListedItems of each, file names made printable).
struct ShardCoverage {
  std::vector<std::string> duplicated;  ///< a shard claimed by more than one file
  std::vector<std::string> missing;     ///< the shards of a sweep that no file claims
  bool complete() const { return duplicated.empty() && missing.empty(); }
};

/// Checks every sweep that the claims cut into more than one shard; claims of shard 1/1 (a whole
/// sweep, or a report with no shard) are never a problem: running one sweep whole on several
/// machines and merging the reports is how machines are compared.
ShardCoverage check_shard_coverage(const std::vector<ShardClaim>& claims);

}  // namespace winml::merge
