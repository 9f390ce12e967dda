#include "storage/cache_clean.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <string>

#include "platform/directory_listing.h"
#include "storage/stored_reports.h"
#include "winml/errors.h"

namespace winml::storage {
namespace {

using Clock = std::chrono::system_clock;

bool newer(const CacheEntry& a, const CacheEntry& b) {
  return a.modified != b.modified ? a.modified > b.modified : a.path > b.path;
}

// A whole number of at most 12 digits, or nullopt.
std::optional<std::uint64_t> whole_number(std::string_view text) {
  if (text.empty() || text.size() > 12) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::optional<Clock::time_point> utc_midnight(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  const auto y = whole_number(text.substr(0, 4));
  const auto m = whole_number(text.substr(5, 2));
  const auto d = whole_number(text.substr(8, 2));
  if (!y || !m || !d) return std::nullopt;
  const std::chrono::year_month_day date{std::chrono::year(static_cast<int>(*y)),
                                         std::chrono::month(static_cast<unsigned>(*m)),
                                         std::chrono::day(static_cast<unsigned>(*d))};
  if (!date.ok()) return std::nullopt;
  return std::chrono::sys_days(date);
}

}  // namespace

std::vector<CacheEntry> cache_entries(const std::filesystem::path& root, bool reports, bool bundles) {
  std::vector<CacheEntry> entries;
  if (reports) {
    for (const StoredReport& report : stored_reports(root / "perf")) {
      entries.push_back(
          {.path = report.path, .kind = CacheEntryKind::report, .modified = report.modified, .bytes = report.bytes});
    }
  }
  if (bundles) {
    for (const platform::ListedEntry& folder : platform::list_directory(root / "bundles")) {
      if (!folder.is_directory) continue;
      const platform::TreeTotals totals = platform::tree_totals(folder.path);
      entries.push_back(
          {.path = folder.path, .kind = CacheEntryKind::bundle, .modified = totals.modified, .bytes = totals.bytes});
    }
  }
  std::sort(entries.begin(), entries.end(), newer);
  return entries;
}

std::vector<CacheEntry> select_removals(std::vector<CacheEntry> entries, const CleanCriteria& criteria) {
  std::sort(entries.begin(), entries.end(), newer);
  std::vector<CacheEntry> removed;
  std::uint64_t kept_bytes = 0;
  bool full = false;
  for (CacheEntry& entry : entries) {
    const bool too_old = criteria.older_than && entry.modified < *criteria.older_than;
    // Newest first: once one does not fit, it and every older one go (the oldest are removed until
    // the rest fit), so a small old entry never outlives a newer one.
    full = full || (criteria.max_bytes && !too_old && kept_bytes + entry.bytes > *criteria.max_bytes);
    if (too_old || full) {
      removed.push_back(std::move(entry));
    } else {
      kept_bytes += entry.bytes;
    }
  }
  std::reverse(removed.begin(), removed.end());
  return removed;
}

Clock::time_point parse_older_than(std::string_view text, Clock::time_point now) {
  constexpr std::uint64_t kMaxDays = 100 * 366;
  if (const auto days = whole_number(text); days && *days <= kMaxDays) {
    return now - std::chrono::days(static_cast<long>(*days));
  }
  if (const auto date = utc_midnight(text)) return *date;
  throw UsageError("--older-than " + std::string(text) +
                   " is neither a number of days (e.g. --older-than 30) nor a date YYYY-MM-DD (e.g. --older-than "
                   "2026-01-31)");
}

std::uint64_t parse_size(std::string_view text) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])) != 0) ++digits;
  const std::optional<std::uint64_t> number = whole_number(text.substr(0, digits));
  std::string unit(text.substr(digits));
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.ends_with("IB")) {
    unit.erase(unit.size() - 2);
  } else if (unit.size() > 1 && unit.ends_with("B")) {
    unit.pop_back();
  }
  const std::string units = "BKMGT";
  const std::size_t power = unit.empty() ? 0 : units.find(unit);
  if (!number || unit.size() > 1 || power == std::string::npos) {
    throw UsageError("--max-size " + std::string(text) +
                     " is not a size: give a whole number with an optional unit K, M, G or T (powers of 1024), e.g. "
                     "--max-size 500M");
  }
  std::uint64_t bytes = *number;
  for (std::size_t i = 0; i < power; ++i) {
    if (bytes > std::numeric_limits<std::uint64_t>::max() / 1024) {
      throw UsageError("--max-size " + std::string(text) + " is too large: give at most 16384T");
    }
    bytes *= 1024;
  }
  return bytes;
}

std::vector<CacheEntry> remove_entries(const std::filesystem::path& root, const std::vector<CacheEntry>& entries) {
  std::vector<CacheEntry> failed;
  for (const CacheEntry& entry : entries) {
    if (!platform::remove_tree(entry.path)) failed.push_back(entry);
  }
  // A model whose reports all went leaves an empty folder; `winml perf` recreates it when needed.
  for (const platform::ListedEntry& folder : platform::list_directory(root / "perf")) {
    if (folder.is_directory && platform::list_directory(folder.path).empty()) platform::remove_tree(folder.path);
  }
  return failed;
}

}  // namespace winml::storage
