#include "perf/sweep_axes.h"

#include <gtest/gtest.h>

#include <set>

namespace winml::perf {
namespace {

std::vector<std::string> names_of(std::span<const SweepAxisSpec> axes) {
  std::vector<std::string> names;
  for (const SweepAxisSpec& axis : axes) names.push_back(axis.name);
  return names;
}

// The table's order is the plan's expansion order (sweep_plan.h): load-time settings outermost.
TEST(SweepAxes, TheTableListsEveryAxisOnceInExpansionOrder) {
  EXPECT_EQ(names_of(sweep_axis_specs()),
            (std::vector<std::string>{"ep", "device", "threads", "prompt_tokens", "max_new_tokens", "depth",
                                      "max_length", "batch_size", "concurrency", "request_rate", "turns"}));
  std::set<std::string> labels;
  for (const SweepAxisSpec& axis : sweep_axis_specs()) labels.insert(axis.label);
  EXPECT_EQ(labels.size(), sweep_axis_specs().size());
}

// A report records counts as asked, but the EP and device as resolved: only counts can be checked
// against a sweep's values. Every count has a unit for a chart's axis; names have none.
TEST(SweepAxes, CountsAreRecordedAsAskedAndHaveAUnit) {
  for (const SweepAxisSpec& axis : sweep_axis_specs()) {
    EXPECT_EQ(axis.request_recorded, axis.kind != AxisKind::name) << axis.name;
    EXPECT_EQ(std::string(axis.unit).empty(), axis.kind == AxisKind::name) << axis.name;
    EXPECT_FALSE(std::string(axis.title).empty()) << axis.name;
  }
  std::vector<std::string> curves;
  for (const SweepAxisSpec& axis : sweep_axis_specs()) {
    if (axis.curve) curves.emplace_back(axis.name);
  }
  EXPECT_EQ(curves, (std::vector<std::string>{"threads", "prompt_tokens", "depth"}));
}

TEST(SweepAxes, LabelsAreShortAndAnUnknownNameIsItsOwnLabel) {
  EXPECT_EQ(axis_label("prompt_tokens"), "pp");
  EXPECT_EQ(axis_label("max_new_tokens"), "tg");
  EXPECT_EQ(axis_label("max_length"), "max_len");
  EXPECT_EQ(axis_label("batch_size"), "batch");
  EXPECT_EQ(axis_label("threads"), "threads");
  EXPECT_EQ(axis_label("future_axis"), "future_axis");
  EXPECT_EQ(find_sweep_axis("future_axis"), nullptr);
}

TEST(SweepAxes, GivenAndRequestedValuesReadTheirOwnSetting) {
  SweepAxes axes;
  axes.threads = {1, 4};
  axes.max_lengths = {std::nullopt};
  axes.batch_sizes = {8, 2};
  EXPECT_EQ(find_sweep_axis("threads")->given(axes), (std::vector<SweepValue>{std::int64_t{1}, std::int64_t{4}}));
  EXPECT_EQ(find_sweep_axis("batch_size")->given(axes), (std::vector<SweepValue>{std::int64_t{8}, std::int64_t{2}}));
  EXPECT_EQ(find_sweep_axis("ep")->given(axes), (std::vector<SweepValue>{std::string()}));

  Combination c;
  c.load = {"qnn", "npu", 3};
  c.run = {64, 16, 512, std::nullopt, 4, 8, 2.5, 3};
  EXPECT_EQ(find_sweep_axis("ep")->requested(c), SweepValue(std::string("qnn")));
  EXPECT_EQ(find_sweep_axis("device")->requested(c), SweepValue(std::string("npu")));
  EXPECT_EQ(find_sweep_axis("threads")->requested(c), SweepValue(std::int64_t{3}));
  EXPECT_EQ(find_sweep_axis("prompt_tokens")->requested(c), SweepValue(std::int64_t{64}));
  EXPECT_EQ(find_sweep_axis("max_new_tokens")->requested(c), SweepValue(std::int64_t{16}));
  EXPECT_EQ(find_sweep_axis("depth")->requested(c), SweepValue(std::int64_t{512}));
  EXPECT_EQ(find_sweep_axis("max_length")->requested(c), SweepValue(std::int64_t{0}));
  EXPECT_EQ(find_sweep_axis("batch_size")->requested(c), SweepValue(std::int64_t{4}));
  EXPECT_EQ(find_sweep_axis("concurrency")->requested(c), SweepValue(std::int64_t{8}));
  EXPECT_EQ(find_sweep_axis("request_rate")->requested(c), SweepValue(2.5));
  EXPECT_EQ(find_sweep_axis("turns")->requested(c), SweepValue(std::int64_t{3}));
}

// In effect: what the result ran with (GenAI's allocated max_length, the prompt's real length),
// and nothing for an axis of the other runtime or threads that differ between stages.
TEST(SweepAxes, InEffectValuesComeFromTheResult) {
  GenaiPerfResult genai;
  genai.config.ep = "cpu";
  genai.config.max_length = 1024;
  genai.config.max_length_requested = std::nullopt;
  genai.metrics.prompt_tokens = 37;
  genai.config.run.threads.intra_op_threads = std::nullopt;
  EXPECT_EQ(in_effect(*find_sweep_axis("ep"), genai), SweepValue(std::string("cpu")));
  EXPECT_EQ(in_effect(*find_sweep_axis("max_length"), genai), SweepValue(std::int64_t{1024}));
  EXPECT_EQ(in_effect(*find_sweep_axis("prompt_tokens"), genai), SweepValue(std::int64_t{37}));
  EXPECT_EQ(in_effect(*find_sweep_axis("threads"), genai), std::nullopt);
  EXPECT_EQ(in_effect(*find_sweep_axis("batch_size"), genai), std::nullopt);

  OnnxPerfResult onnx;
  onnx.config.batch_size = 8;
  onnx.config.run.threads.intra_op_threads = 2;
  EXPECT_EQ(in_effect(*find_sweep_axis("batch_size"), onnx), SweepValue(std::int64_t{8}));
  EXPECT_EQ(in_effect(*find_sweep_axis("threads"), onnx), SweepValue(std::int64_t{2}));
  EXPECT_EQ(in_effect(*find_sweep_axis("depth"), onnx), std::nullopt);
}

TEST(SweepAxes, ARuntimeKeepsTheOtherRuntimesAxesAtTheirDefault) {
  SweepAxes given;
  given.threads = {1, 2};
  given.depths = {0, 256};
  given.batch_sizes = {1, 4};
  const SweepAxes genai = axes_for_runtime(given, "winml-genai");
  EXPECT_EQ(genai.threads, given.threads);
  EXPECT_EQ(genai.depths, given.depths);
  EXPECT_EQ(genai.batch_sizes, SweepAxes{}.batch_sizes);
  const SweepAxes onnx = axes_for_runtime(given, "winml");
  EXPECT_EQ(onnx.threads, given.threads);
  EXPECT_EQ(onnx.depths, SweepAxes{}.depths);
  EXPECT_EQ(onnx.batch_sizes, given.batch_sizes);
}

TEST(SweepAxes, ValuesPrintAsGiven) {
  EXPECT_EQ(sweep_value_text(SweepValue(std::int64_t{256})), "256");
  EXPECT_EQ(sweep_value_text(SweepValue(std::string("openvino"))), "openvino");
}

}  // namespace
}  // namespace winml::perf
