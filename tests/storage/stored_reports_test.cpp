// The reports under the cache root, newest first, and the last / last~N names that pick them.
#include "storage/stored_reports.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>

#include "storage/cache_root.h"
#include "test_support/cache_dir_scope.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::storage {
namespace {

namespace fs = std::filesystem;

// A file at `path` written `age` before now.
void write_aged(const fs::path& path, std::chrono::seconds age) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << "{}";
  fs::last_write_time(path, fs::file_time_type::clock::now() - age);
}

bool any(const fs::path&) { return true; }

TEST(StoredReports, LastNamesCountBack) {
  EXPECT_EQ(last_report_index("last"), 0u);
  EXPECT_EQ(last_report_index("last~0"), 0u);
  EXPECT_EQ(last_report_index("last~1"), 1u);
  EXPECT_EQ(last_report_index("last~12"), 12u);
}

TEST(StoredReports, AnythingElseIsAPath) {
  for (const char* name : {"./last", "last.json", "last~", "last~-1", "last~1x", "last~1234567", "Last", "lastly",
                           "last~+1", "base.json"}) {
    EXPECT_FALSE(last_report_index(name).has_value()) << name;
  }
}

TEST(StoredReports, NewestFirstAcrossModelFolders) {
  test::TempDir dir;
  write_aged(dir.path() / "a-1" / "old.json", std::chrono::seconds(300));
  write_aged(dir.path() / "b-2" / "new.json", std::chrono::seconds(10));
  write_aged(dir.path() / "a-1" / "middle.json", std::chrono::seconds(100));
  write_aged(dir.path() / "a-1" / "notes.txt", std::chrono::seconds(1));  // not a report
  write_aged(dir.path() / "stray.json", std::chrono::seconds(1));         // not in a model folder
  const std::vector<StoredReport> reports = stored_reports(dir.path());
  ASSERT_EQ(reports.size(), 3u);
  EXPECT_EQ(reports[0].path.filename(), "new.json");
  EXPECT_EQ(reports[1].path.filename(), "middle.json");
  EXPECT_EQ(reports[2].path.filename(), "old.json");
  EXPECT_EQ(reports[0].bytes, 2u);
}

TEST(StoredReports, LinksAreNotListed) {
  test::TempDir dir;
  write_aged(dir.path() / "elsewhere" / "x.json", std::chrono::seconds(5));
  fs::create_directories(dir.path() / "perf" / "m-1");
  std::error_code ec;
  fs::create_symlink(dir.path() / "elsewhere" / "x.json", dir.path() / "perf" / "m-1" / "link.json", ec);
  fs::create_directory_symlink(dir.path() / "elsewhere", dir.path() / "perf" / "linked", ec);
  if (ec) GTEST_SKIP() << "no symbolic links here";
  EXPECT_TRUE(stored_reports(dir.path() / "perf").empty());
}

TEST(StoredReports, MissingFolderHasNoReports) {
  test::TempDir dir;
  EXPECT_TRUE(stored_reports(dir.path() / "perf").empty());
}

TEST(StoredReports, ResolvesLastNamesAndKeepsPaths) {
  const std::vector<StoredReport> newest_first = {{.path = "/c/new.json", .modified = {}, .bytes = 0},
                                                  {.path = "/c/old.json", .modified = {}, .bytes = 0}};
  const std::vector<fs::path> paths = resolve_report_names({"last~1", "last", "mine.json"}, newest_first, "/c", any);
  EXPECT_EQ(paths, (std::vector<fs::path>{"/c/old.json", "/c/new.json", "mine.json"}));
}

TEST(StoredReports, FilesThatAreNoReportsAreNotCountedAndOnlyAsManyAreChecked) {
  const std::vector<StoredReport> newest_first = {{.path = "/c/foreign.json", .modified = {}, .bytes = 0},
                                                  {.path = "/c/b.json", .modified = {}, .bytes = 0},
                                                  {.path = "/c/a.json", .modified = {}, .bytes = 0},
                                                  {.path = "/c/unread.json", .modified = {}, .bytes = 0}};
  std::vector<fs::path> checked;
  const ReportCheck is_report = [&checked](const fs::path& p) {
    checked.push_back(p);
    return p.filename() != "foreign.json";
  };
  EXPECT_EQ(resolve_report_names({"last", "last~1"}, newest_first, "/c", is_report),
            (std::vector<fs::path>{"/c/b.json", "/c/a.json"}));
  EXPECT_EQ(checked, (std::vector<fs::path>{"/c/foreign.json", "/c/b.json", "/c/a.json"}));
  try {
    resolve_report_names({"last~3"}, newest_first, "/c", is_report);
    FAIL() << "no error";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("/c holds 3 reports"), std::string::npos) << e.what();
  }
}

TEST(StoredReports, NameBeyondTheReportsIsAUsageError) {
  const std::vector<StoredReport> one = {{.path = "/c/only.json", .modified = {}, .bytes = 0}};
  try {
    resolve_report_names({"last~9"}, one, "/cache/perf", any);
    FAIL() << "no error";
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("last~9 names the report 9 before the newest"), std::string::npos) << message;
    EXPECT_NE(message.find("/cache/perf holds 1 report:"), std::string::npos) << message;
  }
}

TEST(StoredReports, ListsTheCacheRootOnlyWhenANameNeedsIt) {
  test::TempDir dir;
  test::CacheDirScope scope(dir.path());
  write_aged(cache_root() / "perf" / "m-1" / "a.json", std::chrono::seconds(20));
  write_aged(cache_root() / "perf" / "m-1" / "b.json", std::chrono::seconds(10));
  EXPECT_EQ(resolve_report_names({"last~1", "last"}, any),
            (std::vector<fs::path>{dir.path() / "perf" / "m-1" / "a.json", dir.path() / "perf" / "m-1" / "b.json"}));
  EXPECT_EQ(resolve_report_names({"x.json"}, any), (std::vector<fs::path>{"x.json"}));
  EXPECT_THROW(resolve_report_names({"last~2"}, any), UsageError);
}

}  // namespace
}  // namespace winml::storage
