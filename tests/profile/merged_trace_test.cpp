// The merged Chrome trace: tracks per stage, steps laid end to end, phases marked.
#include "profile/merged_trace.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace winml::profile {
namespace {

TEST(MergedTrace, StagesAsTracksAndStepsMarked) {
  SessionRun ctx_prefill{"ctx", 1000, 50, {{"mm", "MatMul", "WinmlTestEP", 1010, 20}}};
  SessionRun ctx_decode{"ctx", 5000, 10, {{"mm", "MatMul", "WinmlTestEP", 5002, 5}}};
  SessionRun head_prefill{"head", 300, 30, {}};
  std::vector<StagePhases> stages = {{"ctx", {ctx_prefill}, {ctx_decode}}, {"head", {head_prefill}, {}}};
  auto steps = generation_steps(stages);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].label, "prefill");
  EXPECT_EQ(steps[0].runs.size(), 2u);
  EXPECT_EQ(steps[1].label, "decode 1");

  auto trace = nlohmann::json::parse(merged_trace_json(steps, {"ctx", "head"}));
  std::map<int, std::string> tracks;
  std::vector<nlohmann::json> slices;
  for (const auto& e : trace["traceEvents"]) {
    if (e["ph"] == "M" && e["name"] == "thread_name") tracks[e["tid"]] = e["args"]["name"];
    if (e["ph"] == "X") slices.push_back(e);
  }
  EXPECT_EQ(tracks[0], "phase");
  EXPECT_EQ(tracks[1], "ctx");
  EXPECT_EQ(tracks[2], "head");
  auto find = [&](const std::string& name) {
    for (const auto& e : slices)
      if (e["name"] == name) return e;
    return nlohmann::json();
  };
  // prefill: ctx run at 0 (its node 10 us in), head at 50; decode 1 at 80.
  EXPECT_DOUBLE_EQ(find("prefill")["dur"].get<double>(), 80);
  EXPECT_DOUBLE_EQ(find("head run")["ts"].get<double>(), 50);
  EXPECT_DOUBLE_EQ(find("decode 1")["ts"].get<double>(), 80);
  EXPECT_EQ(find("decode 1")["cat"], "decode");
  nlohmann::json node = find("mm");
  EXPECT_DOUBLE_EQ(node["ts"].get<double>(), 10);
  EXPECT_EQ(node["args"]["provider"], "WinmlTestEP");
  EXPECT_EQ(node["tid"], 1);
}

}  // namespace
}  // namespace winml::profile
