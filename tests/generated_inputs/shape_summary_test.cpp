#include "generated_inputs/shape_summary.h"

#include <gtest/gtest.h>

namespace winml::generated_inputs {
namespace {

engine::TensorInfo named_input(std::string name, std::string type, std::vector<std::int64_t> shape,
                         std::vector<std::string> names) {
  engine::TensorInfo info;
  info.name = std::move(name);
  info.type_name = std::move(type);
  info.shape = std::move(shape);
  info.dim_names = std::move(names);
  return info;
}

TEST(ShapeSummary, OneAlignedLinePerInputThenTheDefaults) {
  const std::vector<engine::TensorInfo> inputs = {
      named_input("input_ids", "int64", {-1, -1}, {"batch_size", "sequence_length"}),
      named_input("past.0.key", "float", {-1, 2, -1, 16}, {"batch_size", "", "past_sequence_length", ""}),
      named_input("x", "float16", {-1, -1}, {"", ""})};
  ShapeOverrides overrides;
  parse_shape_override("input_ids=1,128", overrides);
  const auto lines = describe_plan(inputs, plan_shapes(inputs, 1, overrides));
  const std::vector<std::string> expected = {
      "generated inputs:", "  input_ids   int64    [batch_size=1, sequence_length=128]",
      "  past.0.key  float    [batch_size=1, 2, past_sequence_length=224, 16]", "  x           float16  [?=1, ?=128]",
      "  sizes by default: past_sequence_length=224, x dim 1=128 (set them with --shape NAME=d0,d1,...; "
      "docs/metrics.md, \"Inputs\")"};
  EXPECT_EQ(lines, expected);
}

TEST(ShapeSummary, NoDefaultsLineWhenEverythingIsSetAndNamesArePrintable) {
  const std::vector<engine::TensorInfo> inputs = {named_input("a\x1b[2J", "int64", {-1, 4}, {"n", ""})};
  const auto lines = describe_plan(inputs, plan_shapes(inputs, 2, {}));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1], "  a\\x1b[2J  int64  [n=2, 4]");
}

}  // namespace
}  // namespace winml::generated_inputs
