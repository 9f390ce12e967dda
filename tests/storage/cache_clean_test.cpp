// What `winml cache clean` selects, how it reads its criteria, and that it removes only that.
#include "storage/cache_clean.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::storage {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::system_clock;

CacheEntry entry(const std::string& name, int age_days, std::uint64_t bytes) {
  return {.path = name,
          .kind = CacheEntryKind::report,
          .modified = Clock::time_point{} + std::chrono::days(1000 - age_days),
          .bytes = bytes};
}

std::vector<std::string> names(const std::vector<CacheEntry>& entries) {
  std::vector<std::string> out;
  for (const CacheEntry& e : entries) out.push_back(e.path.string());
  return out;
}

void write(const fs::path& path, const std::string& content, std::chrono::hours age) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << content;
  fs::last_write_time(path, fs::file_time_type::clock::now() - age);
}

TEST(CacheClean, OlderThanTakesTheOldOnesOldestFirst) {
  const CleanCriteria criteria{.older_than = Clock::time_point{} + std::chrono::days(1000 - 30), .max_bytes = {}};
  const auto removed = select_removals({entry("new", 1, 10), entry("old", 40, 10), entry("older", 90, 10)}, criteria);
  EXPECT_EQ(names(removed), (std::vector<std::string>{"older", "old"}));
}

TEST(CacheClean, MaxSizeKeepsTheNewestThatFit) {
  const CleanCriteria criteria{.older_than = {}, .max_bytes = 25};
  const auto removed =
      select_removals({entry("a", 1, 10), entry("b", 2, 10), entry("c", 3, 10), entry("d", 4, 1)}, criteria);
  // a and b fit (20); c would make 30; d is older still and goes with it (the newest are kept, not the smallest).
  EXPECT_EQ(names(removed), (std::vector<std::string>{"d", "c"}));
}

TEST(CacheClean, BothCriteriaAddUp) {
  const CleanCriteria criteria{.older_than = Clock::time_point{} + std::chrono::days(1000 - 3), .max_bytes = 10};
  const auto removed = select_removals({entry("a", 1, 10), entry("b", 2, 10), entry("c", 5, 1)}, criteria);
  EXPECT_EQ(names(removed), (std::vector<std::string>{"c", "b"}));
}

TEST(CacheClean, NothingMatchesNothingGoes) {
  const CleanCriteria criteria{.older_than = Clock::time_point{}, .max_bytes = 1000};
  EXPECT_TRUE(select_removals({entry("a", 1, 10)}, criteria).empty());
}

TEST(CacheClean, OlderThanReadsDaysOrADate) {
  const Clock::time_point now = std::chrono::sys_days(std::chrono::year(2026) / 3 / 10) + std::chrono::hours(5);
  EXPECT_EQ(parse_older_than("0", now), now);
  EXPECT_EQ(parse_older_than("30", now), now - std::chrono::days(30));
  EXPECT_EQ(parse_older_than("2026-01-31", now), std::chrono::sys_days(std::chrono::year(2026) / 1 / 31));
  for (const char* bad : {"", "-3", "30d", "2026-02-30", "2026-1-31", "yesterday", "99999999"}) {
    EXPECT_THROW(parse_older_than(bad, now), UsageError) << bad;
  }
}

TEST(CacheClean, SizesTakeBinaryUnits) {
  EXPECT_EQ(parse_size("0"), 0u);
  EXPECT_EQ(parse_size("1024"), 1024u);
  EXPECT_EQ(parse_size("2K"), 2048u);
  EXPECT_EQ(parse_size("500M"), 500ull << 20);
  EXPECT_EQ(parse_size("3g"), 3ull << 30);
  EXPECT_EQ(parse_size("1GB"), 1ull << 30);
  EXPECT_EQ(parse_size("1GiB"), 1ull << 30);
  EXPECT_EQ(parse_size("7B"), 7u);
  for (const char* bad : {"", "M", "12X", "1.5G", "-1", "1 G", "999999999999T"}) {
    EXPECT_THROW(parse_size(bad), UsageError) << bad;
  }
}

TEST(CacheClean, ListsReportsAndBundlesAndRemovesOnlyWhatWasSelected) {
  test::TempDir dir;
  const fs::path root = dir.path() / "cache";
  write(root / "perf" / "m-1" / "old.json", "{}", std::chrono::hours(24 * 40));
  write(root / "perf" / "m-2" / "new.json", "{}", std::chrono::hours(1));
  write(root / "bundles" / "b-1" / "genai_config.json", "12345", std::chrono::hours(24 * 50));
  write(root / "ep-library-probes" / "probe.txt", "x", std::chrono::hours(24 * 90));  // not cleaned
  write(dir.path() / "outside" / "keep.json", "{}", std::chrono::hours(24 * 90));
  std::error_code ec;
  fs::create_directory_symlink(dir.path() / "outside", root / "bundles" / "linked", ec);

  const std::vector<CacheEntry> all = cache_entries(root, true, true);
  ASSERT_EQ(all.size(), 3u);  // the link to a folder outside is no entry
  EXPECT_EQ(all[2].kind, CacheEntryKind::bundle);
  EXPECT_EQ(all[2].bytes, 5u);
  EXPECT_EQ(cache_entries(root, true, false).size(), 2u);
  EXPECT_EQ(cache_entries(root, false, true).size(), 1u);

  const auto removals = select_removals(all, {.older_than = Clock::now() - std::chrono::days(30), .max_bytes = {}});
  ASSERT_EQ(removals.size(), 2u);
  EXPECT_TRUE(remove_entries(root, removals).empty());
  EXPECT_FALSE(fs::exists(root / "perf" / "m-1"));  // its last report went
  EXPECT_TRUE(fs::exists(root / "perf" / "m-2" / "new.json"));
  EXPECT_FALSE(fs::exists(root / "bundles" / "b-1"));
  EXPECT_TRUE(fs::exists(root / "ep-library-probes" / "probe.txt"));
  EXPECT_TRUE(fs::exists(dir.path() / "outside" / "keep.json"));
}

}  // namespace
}  // namespace winml::storage
