#include "report/report_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <optional>
#include <sstream>

#include "winml/errors.h"

namespace winml::report {
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

TEST(ReportFile, NameOfBundleOrModel) {
  EXPECT_EQ(report_name_for("/models/tiny-llama"), "tiny-llama");
  EXPECT_EQ(report_name_for("/models/tiny-llama/"), "tiny-llama");
  EXPECT_EQ(report_name_for("models/resnet50.onnx"), "resnet50");
  EXPECT_EQ(report_name_for("./"), "model");
  EXPECT_EQ(report_name_for(".."), "model");
  EXPECT_EQ(report_name_for(""), "model");
}

TEST(ReportFile, DefaultPathUnderCacheRoot) {
  ScopedEnv tz("TZ", "UTC");
  ScopedEnv cache("WINML_CACHE_DIR", "/tmp/winml-cache-test");
  EXPECT_EQ(default_report_path("/models/tiny-llama/", kWhen),
            fs::path("/tmp/winml-cache-test/perf/tiny-llama/20260710-143005.json"));
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
}  // namespace winml::report
