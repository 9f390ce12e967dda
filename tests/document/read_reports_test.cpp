#include "document/read_reports.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "test_support/golden_reports.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::document {
namespace {

using ::testing::HasSubstr;

TEST(ReadReports, ReadsEachFileInOrder) {
  const test::TempDir dir;
  std::ofstream(dir.path() / "a.json") << testing::golden_report_text("genai_sweep.json");
  std::ofstream(dir.path() / "b.json") << testing::golden_report_text("onnx.json");
  const auto reports = read_reports({dir.path() / "a.json", dir.path() / "b.json"});
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(reports[0].kind, "genai");
  EXPECT_EQ(reports[0].results.size(), 4u);
  EXPECT_EQ(reports[1].kind, "onnx");
  EXPECT_EQ(reports[1].source, (dir.path() / "b.json").string());
}

// The machine's power state comes back as written: compare lists its changes, merge keeps it
// with each result's machine.
TEST(ReadReports, KeepsThePowerStateOfEachResult) {
  const test::TempDir dir;
  std::ofstream(dir.path() / "a.json") << testing::golden_report_text("genai_sweep.json");
  const auto reports = read_reports({dir.path() / "a.json"});
  ASSERT_EQ(reports.size(), 1u);
  for (const auto& result : reports[0].results) {
    EXPECT_EQ(result["machine"]["power"],
              nlohmann::ordered_json::parse(R"({"source": "battery", "battery_percent": 43.0, "mode": "balanced"})"));
  }
}

TEST(ReadReports, RefusesOneFileNamedTwice) {
  const test::TempDir dir;
  const std::filesystem::path file = dir.path() / "r.json";
  std::ofstream(file) << testing::golden_report_text("genai.json");
  try {
    read_reports({file, dir.path() / "." / "r.json"});
    FAIL() << "one file was read twice";
  } catch (const UsageError& e) {
    EXPECT_THAT(std::string(e.what()), HasSubstr("are the same report file; give each report once"));
  }
}

TEST(ReadReports, AMissingFileIsRefusedNamingIt) {
  const test::TempDir dir;
  try {
    read_reports({dir.path() / "gone.json"});
    FAIL() << "a missing file was read";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              (dir.path() / "gone.json").string() + " does not exist. Pass the JSON report a `winml perf` run wrote.");
  }
}

}  // namespace
}  // namespace winml::document
