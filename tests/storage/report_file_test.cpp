#include "storage/report_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include "winml/errors.h"

namespace winml::storage {
namespace {

namespace fs = std::filesystem;

/// Sets an environment variable for one test and restores it afterwards.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value, 1);
    ::tzset();
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
    ::tzset();
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// 2026-07-10 14:30:05 UTC
const auto kWhen = std::chrono::system_clock::from_time_t(1783693805);

fs::path temp_dir() {
  fs::path dir = fs::temp_directory_path() / ("winml-report-test-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(ReportFile, DefaultPathUnderCacheRoot) {
  ScopedEnv tz("TZ", "UTC");
  ScopedEnv cache("WINML_CACHE_DIR", "/tmp/winml-cache-test");
  const fs::path path = default_report_path("/models/tiny-llama/", kWhen);
  EXPECT_EQ(path.filename(), "20260710-143005.json");
  EXPECT_EQ(path.parent_path().parent_path(), fs::path("/tmp/winml-cache-test/perf"));
  EXPECT_EQ(path.parent_path().filename(), report_folder_for("/models/tiny-llama"));
}

TEST(ReportFile, FolderNamesTheModelAndHashesItsPath) {
  const std::string a = report_folder_for("/models/a/model.onnx");
  const std::string b = report_folder_for("/models/b/model.onnx");
  EXPECT_EQ(a.rfind("model-", 0), 0u) << a;
  EXPECT_EQ(a.size(), std::string("model-").size() + 8) << a;
  EXPECT_NE(a, b);  // same file name, different models
  EXPECT_EQ(report_folder_for("/models/tiny-llama/"), report_folder_for("/models/tiny-llama"));
  EXPECT_EQ(report_folder_for("/models/x/../tiny-llama"), report_folder_for("/models/tiny-llama"));
  EXPECT_EQ(report_folder_for("/models/tiny-llama").rfind("tiny-llama-", 0), 0u);
}

TEST(ReportFile, TimestampIsLocalWithOffset) {
  {
    ScopedEnv tz("TZ", "UTC");
    EXPECT_EQ(rfc3339_local(kWhen), "2026-07-10T14:30:05+00:00");
  }
  {
    ScopedEnv tz("TZ", "XST-5:30");  // POSIX: 5:30 east of UTC
    EXPECT_EQ(rfc3339_local(kWhen), "2026-07-10T20:00:05+05:30");
  }
  {
    ScopedEnv tz("TZ", "XST3");
    EXPECT_EQ(rfc3339_local(kWhen), "2026-07-10T11:30:05-03:00");
  }
}

TEST(ReportFile, WritesAndRefusesToOverwrite) {
  const fs::path dir = temp_dir();
  const fs::path file = dir / "sub" / "r.json";
  write_report(file, "{\"a\":1}\n", false);  // creates the parent folder
  EXPECT_EQ(read(file), "{\"a\":1}\n");
  try {
    write_report(file, "{}\n", false);
    FAIL() << "overwrote without --overwrite";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--overwrite"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read(file), "{\"a\":1}\n");
  write_report(file, "{}\n", true);
  EXPECT_EQ(read(file), "{}\n");
  fs::remove_all(dir);
}

TEST(ReportFile, NewReportsNeverReplaceOneAnother) {
  const fs::path dir = temp_dir();
  const fs::path first = dir / "perf" / "20260710-143005.json";
  EXPECT_EQ(write_new_report(first, "one"), first);  // creates the folders
  const fs::path second = write_new_report(first, "two");
  const fs::path third = write_new_report(first, "three");
  EXPECT_EQ(second, dir / "perf" / "20260710-143005-2.json");
  EXPECT_EQ(third, dir / "perf" / "20260710-143005-3.json");
  EXPECT_EQ(read(first), "one");
  EXPECT_EQ(read(second), "two");
  EXPECT_EQ(read(third), "three");
  fs::remove_all(dir);
}

TEST(ReportFile, SpecialFilesAreRefusedEvenWithOverwrite) {
  const fs::path dir = temp_dir();
  const fs::path fifo = dir / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::vector<fs::path> specials = {fifo};
  // Only checks: nothing is written, so a failing check cannot harm /dev/null.
  if (fs::is_character_file("/dev/null")) specials.emplace_back("/dev/null");
  for (const fs::path& path : specials) {
    try {
      check_report_path(path, /*overwrite=*/true);
      ADD_FAILURE() << "accepted " << path;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("device, FIFO or socket"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(write_report(fifo, "{}", true), UsageError);
  EXPECT_TRUE(fs::is_fifo(fifo));
  fs::remove_all(dir);
}

TEST(ReportFile, ALinkIsReplacedNeverWrittenThrough) {
  // A link planted at a shared report path (to ~/.bashrc, say) must not make winml write there.
  const fs::path dir = temp_dir();
  const fs::path victim = dir / "victim.txt";
  const fs::path link = dir / "link.json";
  std::ofstream(victim) << "precious";
  fs::create_symlink(victim, link);
  try {
    write_report(link, "new", /*overwrite=*/false);
    ADD_FAILURE() << "replaced a link without --overwrite";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("symbolic link"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--overwrite"), std::string::npos) << e.what();
  }
  write_report(link, "new", /*overwrite=*/true);
  EXPECT_FALSE(fs::is_symlink(fs::symlink_status(link)));
  EXPECT_EQ(read(link), "new");
  EXPECT_EQ(read(victim), "precious");
  // A link to nothing is replaced too, and what it named is not created.
  fs::create_symlink(dir / "nowhere" / "made.json", dir / "dangling.json");
  EXPECT_THROW(check_report_path(dir / "dangling.json", false), UsageError);
  write_report(dir / "dangling.json", "x", /*overwrite=*/true);
  EXPECT_FALSE(fs::exists(dir / "nowhere"));
  EXPECT_EQ(read(dir / "dangling.json"), "x");
  fs::remove_all(dir);
}

TEST(ReportFile, ALinkPlantedAfterTheCheckIsReplacedToo) {
  const fs::path dir = temp_dir();
  const fs::path victim = dir / "victim.txt";
  std::ofstream(victim) << "precious";
  const fs::path path = dir / "r.json";
  check_report_path(path, /*overwrite=*/true);
  fs::create_symlink(victim, path);  // between the check and the write, as during a long run
  EXPECT_EQ(write_finished_report(path, "report", /*overwrite=*/true), path);
  EXPECT_EQ(read(victim), "precious");
  EXPECT_FALSE(fs::is_symlink(fs::symlink_status(path)));
  EXPECT_EQ(read(path), "report");
  fs::remove_all(dir);
}

TEST(ReportFile, LinksToAProcesssOpenFilesAreNeverReplaced) {
  // As root, replacing the link /dev/stdout would leave a plain file where the system's link was.
  const fs::path dir = temp_dir();
  fs::create_symlink("/proc/self/fd/1", dir / "stdout");
  try {
    check_report_path(dir / "stdout", /*overwrite=*/true);
    ADD_FAILURE() << "accepted a link to a descriptor";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("/dev/stdout"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir / "stdout")));
  fs::remove_all(dir);
}

TEST(ReportFile, AFinishedRunIsNeverLostToAFileThatAppeared) {
  const fs::path dir = temp_dir();
  const fs::path path = dir / "r.json";
  check_report_path(path, /*overwrite=*/false);
  std::ofstream(path) << "theirs";  // another program wrote it while the run went on
  const fs::path written = write_finished_report(path, "ours", /*overwrite=*/false);
  EXPECT_EQ(written, dir / "r-2.json");
  EXPECT_EQ(read(path), "theirs");
  EXPECT_EQ(read(written), "ours");
  // A folder that appeared there: beside it as well.
  fs::create_directories(dir / "h.html");
  EXPECT_EQ(write_finished_report(dir / "h.html", "page", /*overwrite=*/true, "--html"), dir / "h-2.html");
  // Nothing in the way: the path itself.
  EXPECT_EQ(write_finished_report(dir / "free.json", "x", false), dir / "free.json");
  fs::remove_all(dir);
}

TEST(ReportFile, DotDotAfterAMissingFolderLeavesNoStrayFolder) {
  const fs::path dir = temp_dir();
  const fs::path path = dir / "x.html" / ".." / "r.html";
  EXPECT_NO_THROW(check_report_path(path, false, "--html"));
  write_report(path, "page", false);
  EXPECT_EQ(read(dir / "r.html"), "page");
  EXPECT_FALSE(fs::exists(dir / "x.html"));
  fs::remove_all(dir);
}

TEST(ReportFile, UnwritableFoldersFailTheCheck) {
  const fs::path dir = temp_dir();
  std::ofstream(dir / "file") << "x";
  struct Case {
    fs::path path;
    const char* expect;
  };
  const Case cases[] = {
      {"/proc/winml-report.json", "no file can be created in /proc"},      // refused even to root
      {"/proc/winml/sub/report.json", "no file can be created in /proc"},  // missing folders below it
      {dir / "file" / "report.json", "is not a folder"},                   // a file used as a folder
      {dir / "file" / "deeper" / "report.json", "is not a folder"},
  };
  for (const auto& c : cases) {
    try {
      check_report_path(c.path, true);
      ADD_FAILURE() << "accepted " << c.path;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(c.expect), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(check_report_path(dir / "new" / "deeper" / "r.json", false));
  EXPECT_FALSE(fs::exists(dir / "new"));  // the check creates nothing
  fs::remove_all(dir);
}

// A report killed mid-write left "<name>.tmp-<pid>-XXXXXX"; the next report into that folder
// removes it (its writer is gone) and leaves no temporary file of its own.
TEST(ReportFile, WritingSweepsTemporaryFilesOfKilledWriters) {
  const fs::path dir = temp_dir();
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  const fs::path leftover = dir / ("old.json.tmp-" + std::to_string(child) + "-AbC123");
  std::ofstream(leftover) << "{\"partial";
  write_report(dir / "new.json", "{}\n", false);
  EXPECT_FALSE(fs::exists(leftover));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1u);
  std::ofstream(leftover) << "{\"partial";
  write_new_report(dir / "new.json", "{}\n");  // the default-path writer sweeps too
  EXPECT_FALSE(fs::exists(leftover));
  fs::remove_all(dir);
}

TEST(ReportFile, CheckFailsEarly) {
  const fs::path dir = temp_dir();
  EXPECT_THROW(check_report_path(dir, true), UsageError);  // a folder is never a report file
  EXPECT_NO_THROW(check_report_path(dir / "new.json", false));
  std::ofstream(dir / "old.json") << "x";
  EXPECT_THROW(check_report_path(dir / "old.json", false), UsageError);
  EXPECT_NO_THROW(check_report_path(dir / "old.json", true));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace winml::storage
