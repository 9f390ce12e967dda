#pragma once
/// \file
/// `winml cache clean`: which of winml's cached files go. The cache holds default reports
/// (cache_root()/perf/<model>/*.json) and derived bundles (cache_root()/bundles/<bundle>/); an
/// entry goes when it is older than a cutoff, or when keeping it would put the kept entries past a
/// size (the newest are kept). Selection is pure; listing and removal go through platform/.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

namespace winml::storage {

/// What an entry of the cache is.
enum class CacheEntryKind { report, bundle };

/// One removable entry: a report file or a derived bundle's folder.
struct CacheEntry {
  std::filesystem::path path;                      ///< under the cache root
  CacheEntryKind kind = CacheEntryKind::report;    ///< what it is
  std::chrono::system_clock::time_point modified;  ///< a folder: its newest file
  std::uint64_t bytes = 0;                         ///< a folder: all its files
};

/// What goes: entries modified before `older_than`, then the oldest of the rest until those kept
/// weigh at most `max_bytes`. At least one is set.
struct CleanCriteria {
  std::optional<std::chrono::system_clock::time_point> older_than;  ///< --older-than
  std::optional<std::uint64_t> max_bytes;                           ///< --max-size
};

/// The reports and/or derived bundles under `root` (a cache root), newest first.
std::vector<CacheEntry> cache_entries(const std::filesystem::path& root, bool reports, bool bundles);

/// The entries `criteria` removes, oldest first. Pure.
std::vector<CacheEntry> select_removals(std::vector<CacheEntry> entries, const CleanCriteria& criteria);

/// The cutoff of --older-than: a whole number of days before `now` ("30"), or a date
/// YYYY-MM-DD, meaning its 00:00 UTC. Throws winml::UsageError naming both forms otherwise.
std::chrono::system_clock::time_point parse_older_than(std::string_view text,
                                                       std::chrono::system_clock::time_point now);

/// The bytes of --max-size: a whole number with an optional unit K, M, G or T (powers of 1024;
/// "KB", "KiB" and a trailing "B" are accepted), e.g. "500M", "2G", "0". Throws winml::UsageError.
std::uint64_t parse_size(std::string_view text);

/// Removes the entries (platform::remove_tree), then the model folders under root/perf that were
/// left empty. Returns the entries that could not be removed.
std::vector<CacheEntry> remove_entries(const std::filesystem::path& root, const std::vector<CacheEntry>& entries);

}  // namespace winml::storage
