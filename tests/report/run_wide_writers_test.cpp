// The run-wide settings as each format writes them, in the one place each does.
#include <gtest/gtest.h>

#include "report/json_fields.h"
#include "report/result_rows.h"
#include "report/text_sections.h"

namespace winml::report {
namespace {

perf::RunWide three_rounds() {
  perf::RunWide run = perf::run_wide({90}, 3, 0.25, "2026-07-10T14:30:05+00:00");
  run.threads.intra_op_threads = 4;
  return run;
}

TEST(RunWideWriters, JsonAppendsTheSettingsLastInOrder) {
  json_fields::Json config = {{"runtime", "winml"}};
  json_fields::add_run_wide(config, three_rounds());
  std::vector<std::string> keys;
  for (const auto& [key, value] : config.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"runtime", "threads", "percentiles", "rounds", "delay_ms", "timestamp"}));
  EXPECT_EQ(config["rounds"], 3);
  EXPECT_EQ(config["delay_ms"], 250.0);
  EXPECT_EQ(config["percentiles"], json_fields::Json::array({90.0}));
  EXPECT_EQ(config["threads"]["intra_op_threads"], 4);
  EXPECT_EQ(config["timestamp"], "2026-07-10T14:30:05+00:00");
}

TEST(RunWideWriters, TextSaysRoundsAndDelayOnlyWhenGiven) {
  EXPECT_EQ(text::rounds_text(three_rounds()), " · 3 rounds, interleaved · delay 0.25 s");
  EXPECT_EQ(text::rounds_text(perf::RunWide{}), "");
}

TEST(RunWideWriters, RowsOfBothRuntimesCarryRoundsAndTimestamp) {
  perf::OnnxPerfResult onnx;
  onnx.config.run = three_rounds();
  perf::GenaiPerfResult genai;
  genai.config.run = three_rounds();
  for (const RowTable& table : {onnx_rows({&onnx, 1}), genai_rows({&genai, 1})}) {
    const auto at = [&](const std::string& name) {
      for (std::size_t i = 0; i < table.columns.size(); ++i) {
        if (table.columns[i].name == name) return table.rows.at(0).at(i);
      }
      ADD_FAILURE() << table.kind << " has no column " << name;
      return Cell();
    };
    EXPECT_EQ(at("rounds"), Cell(std::int64_t{3})) << table.kind;
    EXPECT_EQ(at("timestamp"), Cell(std::string("2026-07-10T14:30:05+00:00"))) << table.kind;
    EXPECT_EQ(at("threads"), Cell(std::int64_t{4})) << table.kind;
  }
}

}  // namespace
}  // namespace winml::report
