#include "html/chart_library.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::html {
namespace {

using ::testing::HasSubstr;

// The category and message of the Error that reading `path` throws.
std::pair<ErrorCategory, std::string> failure(const std::filesystem::path& path) {
  try {
    read_chart_js(path);
  } catch (const Error& e) {
    return {e.category(), e.what()};
  }
  return {ErrorCategory::usage, "no error"};
}

TEST(ChartLibrary, AMissingFileNamesTheDebianPackage) {
  test::TempDir dir;
  const auto [category, message] = failure(dir.path() / "chart.min.js");
  EXPECT_EQ(category, ErrorCategory::not_installed);
  EXPECT_THAT(message, HasSubstr("libjs-chart.js"));
  EXPECT_THAT(message, HasSubstr("chart.min.js"));
}

TEST(ChartLibrary, RefusesAFileThatWouldEndItsScriptElement) {
  test::TempDir dir;
  for (const std::string text : {"var Chart = '</SCRIPT>';", "var Chart; <!-- x"}) {
    std::ofstream(dir.path() / "chart.min.js") << text;
    const auto [category, message] = failure(dir.path() / "chart.min.js");
    EXPECT_EQ(category, ErrorCategory::not_installed) << text;
    EXPECT_THAT(message, HasSubstr("would break the page")) << text;
  }
}

TEST(ChartLibrary, ReadsTheInstalledLibrary) {
  if (!std::filesystem::exists(chart_js_path())) {
    GTEST_SKIP() << "Chart.js is not installed at " << chart_js_path() << " (Debian package libjs-chart.js)";
  }
  EXPECT_THAT(read_chart_js(), HasSubstr("Chart"));
}

}  // namespace
}  // namespace winml::html
