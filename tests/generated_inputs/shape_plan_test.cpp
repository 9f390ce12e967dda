#include "generated_inputs/shape_plan.h"

#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::generated_inputs {
namespace {

using Shape = std::vector<std::int64_t>;

// An input with dims: a size > 0 is static, a name is a symbolic dim, "" an unnamed dynamic one.
engine::TensorInfo graph_input(std::string name, std::vector<std::variant<std::int64_t, std::string>> dims) {
  engine::TensorInfo info;
  info.name = std::move(name);
  info.type = engine::ElementType::int64;
  info.type_name = "int64";
  for (const auto& dim : dims) {
    if (const auto* size = std::get_if<std::int64_t>(&dim)) {
      info.shape.push_back(*size);
      info.dim_names.emplace_back();
    } else {
      info.shape.push_back(-1);
      info.dim_names.push_back(std::get<std::string>(dim));
    }
  }
  return info;
}

// The decoder of a synthetic bundle: what issue 23 ran --shape input_ids=1,128 on.
std::vector<engine::TensorInfo> decoder() {
  return {graph_input("input_ids", {"batch_size", "sequence_length"}),
          graph_input("attention_mask", {"batch_size", "total_sequence_length"}),
          graph_input("past_key_values.0.key", {"batch_size", std::int64_t{2}, "past_sequence_length", std::int64_t{16}}),
          graph_input("position_ids", {"batch_size", "sequence_length"})};
}

ShapeOverrides shapes(std::initializer_list<const char*> texts) {
  ShapeOverrides overrides;
  for (const char* text : texts) parse_shape_override(text, overrides);
  return overrides;
}

TEST(ShapePlan, AShapedInputsNamesReachEveryInputThatSharesThem) {
  const ShapePlan plan = plan_shapes(decoder(), 1, shapes({"input_ids=2,64"}));
  EXPECT_EQ(plan.shapes[0], (Shape{2, 64}));
  EXPECT_EQ(plan.shapes[3], (Shape{2, 64}));   // position_ids: batch_size and sequence_length bound
  EXPECT_EQ(plan.shapes[1], (Shape{2, 128}));  // total_sequence_length: its position's default
  EXPECT_EQ(plan.shapes[2], (Shape{2, 2, 224, 16}));
  EXPECT_EQ(plan.sources[3], (std::vector<DimSource>{DimSource::shape_flag, DimSource::shape_flag}));
  EXPECT_EQ(plan.sources[1], (std::vector<DimSource>{DimSource::shape_flag, DimSource::fallback}));
  EXPECT_EQ(plan.sources[2][1], DimSource::fixed);
  EXPECT_TRUE(plan.conflicts.empty());
}

TEST(ShapePlan, WithoutShapeTheBatchAndPositionalDefaultsApply) {
  const ShapePlan plan = plan_shapes(decoder(), 4, {});
  EXPECT_EQ(plan.shapes[0], (Shape{4, 128}));
  EXPECT_EQ(plan.shapes[2], (Shape{4, 2, 224, 16}));
  EXPECT_EQ(plan.sources[0][0], DimSource::batch);
}

// A name takes one size wherever it appears, even one first met at a position of another default.
TEST(ShapePlan, ADefaultedNameHasOneSizeEverywhere) {
  const ShapePlan plan = plan_shapes({graph_input("image", {"n", "c", "side", "side"}), graph_input("crop", {"n", "side"})}, 1, {});
  EXPECT_EQ(plan.shapes[0], (Shape{1, 128, 224, 224}));
  EXPECT_EQ(plan.shapes[1], (Shape{1, 224}));
}

// The batch size binds the names of dim 0, before the defaults of other positions.
TEST(ShapePlan, TheBatchBindsTheNameOfDimZeroWhereverItIs) {
  const ShapePlan plan = plan_shapes({graph_input("a", {"x", "batch"}), graph_input("b", {"batch", "x"})}, 3, {});
  EXPECT_EQ(plan.shapes[0], (Shape{3, 3}));  // x is a's dim 0, batch is b's
  EXPECT_EQ(plan.shapes[1], (Shape{3, 3}));
}

TEST(ShapePlan, UnnamedDynamicDimsKeepTheirPositionalDefault) {
  const ShapePlan plan = plan_shapes({graph_input("a", {"", "", ""}), graph_input("b", {"", ""})}, 2, {});
  EXPECT_EQ(plan.shapes[0], (Shape{2, 128, 224}));
  EXPECT_EQ(plan.shapes[1], (Shape{2, 128}));
}

TEST(ShapePlan, ConflictingShapesAreReportedNotRefused) {
  const auto inputs = decoder();
  const auto overrides = shapes({"input_ids=1,128", "position_ids=1,64"});
  const ShapePlan plan = plan_shapes(inputs, 1, overrides);
  EXPECT_EQ(plan.shapes[0], (Shape{1, 128}));
  EXPECT_EQ(plan.shapes[3], (Shape{1, 64}));  // as given
  ASSERT_EQ(plan.conflicts.size(), 1u);
  const DimConflict& c = plan.conflicts[0];
  EXPECT_EQ(c.dim_name, "sequence_length");
  EXPECT_EQ(c.first_input, "input_ids");
  EXPECT_EQ(c.first_size, 128);
  EXPECT_EQ(c.second_input, "position_ids");
  EXPECT_EQ(c.second_size, 64);
  const std::string warning = conflict_warning(c, inputs, overrides);
  EXPECT_NE(warning.find("'sequence_length'"), std::string::npos) << warning;
  EXPECT_NE(warning.find("in input_ids and position_ids"), std::string::npos) << warning;
  EXPECT_NE(warning.find("--shape position_ids=1,128"), std::string::npos) << warning;  // the fix
}

TEST(ShapePlan, ANameGivenTwoSizesInOneInputIsAConflict) {
  const std::vector<engine::TensorInfo> inputs = {graph_input("square", {"n", "n"})};
  const auto overrides = shapes({"square=3,4"});
  const ShapePlan plan = plan_shapes(inputs, 1, overrides);
  ASSERT_EQ(plan.conflicts.size(), 1u);
  const std::string warning = conflict_warning(plan.conflicts[0], inputs, overrides);
  EXPECT_NE(warning.find("twice in square"), std::string::npos) << warning;
  EXPECT_NE(warning.find("--shape square=3,3"), std::string::npos) << warning;
}

TEST(ShapePlan, OverridesAreCheckedAsResolveShapeChecksThem) {
  EXPECT_THROW(plan_shapes(decoder(), 1, shapes({"input_ids=1,2,3"})), UsageError);
  EXPECT_THROW(plan_shapes(decoder(), 1, shapes({"past_key_values.0.key=1,3,8,16"})), UsageError);
}

TEST(ShapePlan, BatchSizeAppliesOnlyWhereNoShapeBindsTheBatch) {
  EXPECT_TRUE(batch_size_applies(decoder(), {}));
  // --shape binds batch_size: every input's batch follows it, --batch-size would change nothing.
  EXPECT_FALSE(batch_size_applies(decoder(), shapes({"input_ids=2,64"})));
  // An unnamed batch dim is not bound by another input's --shape.
  EXPECT_TRUE(batch_size_applies({graph_input("a", {"", "s"}), graph_input("b", {"", "s"})}, shapes({"a=2,8"})));
  EXPECT_FALSE(batch_size_applies({graph_input("x", {std::int64_t{1}, "s"})}, {}));
  EXPECT_FALSE(batch_size_applies({graph_input("scalar", {})}, {}));
}

}  // namespace
}  // namespace winml::generated_inputs
