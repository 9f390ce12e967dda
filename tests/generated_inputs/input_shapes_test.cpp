#include "generated_inputs/input_shapes.h"

#include <gtest/gtest.h>

#include "generated_inputs/shape_plan.h"
#include "winml/errors.h"

namespace winml::generated_inputs {
namespace {

engine::TensorInfo input(std::string name, std::vector<std::int64_t> shape) {
  engine::TensorInfo info;
  info.name = std::move(name);
  info.type = engine::ElementType::float32;
  info.shape = std::move(shape);
  return info;
}

TEST(InputShapes, DynamicDimsGetBatchAndDefaults) {
  EXPECT_EQ(resolve_shape(input("x", {-1, -1, -1, -1, -1}), 4, {}), (std::vector<std::int64_t>{4, 128, 224, 224, 128}));
}

TEST(InputShapes, StaticDimsAreKept) {
  EXPECT_EQ(resolve_shape(input("x", {1, 3, -1, 7}), 8, {}), (std::vector<std::int64_t>{1, 3, 224, 7}));
}

TEST(InputShapes, OverrideReplacesShape) {
  ShapeOverrides overrides;
  parse_shape_override("x=2,64", overrides);
  EXPECT_EQ(resolve_shape(input("x", {-1, -1}), 1, overrides), (std::vector<std::int64_t>{2, 64}));
}

TEST(InputShapes, OverrideMustMatchRankAndStaticDims) {
  ShapeOverrides overrides;
  parse_shape_override("x=2,64,3", overrides);
  EXPECT_THROW(resolve_shape(input("x", {-1, -1}), 1, overrides), UsageError);
  overrides.clear();
  parse_shape_override("x=2,5", overrides);
  EXPECT_THROW(resolve_shape(input("x", {-1, 4}), 1, overrides), UsageError);
}

TEST(InputShapes, MalformedOverridesAreUsageErrors) {
  ShapeOverrides overrides;
  for (const char* bad : {"x", "=1,2", "x=", "x=1,,2", "x=0", "x=-3", "x=1.5", "x=a"}) {
    EXPECT_THROW(parse_shape_override(bad, overrides), UsageError) << bad;
  }
}

TEST(InputShapes, UnknownOverrideNameListsInputs) {
  ShapeOverrides overrides;
  parse_shape_override("nope=1", overrides);
  try {
    check_overrides_match({input("a", {1}), input("b", {1})}, overrides);
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("a, b"), std::string::npos) << e.what();
  }
}

TEST(InputShapes, BatchSizeAppliesOnlyToDynamicBatchDimsLeftToSet) {
  ShapeOverrides none;
  EXPECT_TRUE(batch_size_applies({input("x", {-1, 4})}, none));
  EXPECT_TRUE(batch_size_applies({input("x", {1, 4}), input("y", {-1})}, none));
  EXPECT_FALSE(batch_size_applies({input("x", {1, 4})}, none));
  EXPECT_FALSE(batch_size_applies({input("scalar", {})}, none));
  ShapeOverrides x;
  parse_shape_override("x=2,4", x);
  EXPECT_FALSE(batch_size_applies({input("x", {-1, 4})}, x));  // --shape already sets x's batch
}

TEST(InputShapes, ShapeFitsRankAndFixedDims) {
  EXPECT_NO_THROW(require_shape_fits(input("x", {1, -1}), {1, 7}, "f.pb"));
  EXPECT_NO_THROW(require_shape_fits(input("x", {-1}), {0}, "f.pb"));  // empty dynamic dims are valid
  EXPECT_THROW(require_shape_fits(input("x", {1, -1}), {2, 7}, "f.pb"), UsageError);
  EXPECT_THROW(require_shape_fits(input("x", {1, -1}), {1, 7, 1}, "f.pb"), UsageError);
  EXPECT_THROW(require_shape_fits(input("x", {-1}), {-3}, "f.pb"), UsageError);
}

}  // namespace
}  // namespace winml::generated_inputs
