// perf compare of two profiled results: the op types whose time per step changed most.
#include "compare/profile_compare.h"

#include <gtest/gtest.h>

namespace winml::compare {
namespace {

using Json = nlohmann::ordered_json;

Json profiled_result(double matmul_ms, double gather_ms, int decode_steps) {
  return Json::parse(R"({"metrics":{"profile":{"phases":[
    {"phase":"prefill","steps":1,"op_types":[{"name":"MatMul","ms":)" +
                     std::to_string(matmul_ms) + R"(},{"name":"Gather","ms":)" + std::to_string(gather_ms) + R"(}]},
    {"phase":"decode","steps":)" +
                     std::to_string(decode_steps) + R"(,"op_types":[{"name":"MatMul","ms":)" +
                     std::to_string(matmul_ms) + R"(}]}]}}})");
}

TEST(ProfileCompare, LargestChangeFirstPerStep) {
  auto changes = op_type_changes(profiled_result(2, 1, 4), profiled_result(3, 0.5, 2));
  ASSERT_EQ(changes.size(), 3u);
  EXPECT_EQ(changes[0].phase, "prefill");
  EXPECT_EQ(changes[0].op_type, "MatMul");
  EXPECT_DOUBLE_EQ(changes[0].change_ms(), 1);
  EXPECT_DOUBLE_EQ(*changes[0].change_percent(), 50);
  EXPECT_EQ(changes[1].op_type, "Gather");
  EXPECT_DOUBLE_EQ(changes[1].change_ms(), -0.5);
  EXPECT_EQ(changes[2].phase, "decode");
  EXPECT_DOUBLE_EQ(changes[2].base_ms, 0.5);  // 2 ms over 4 steps
  EXPECT_DOUBLE_EQ(changes[2].new_ms, 1.5);   // 3 ms over 2 steps
}

TEST(ProfileCompare, AnOpOnOneSideOnly) {
  Json next = profiled_result(2, 1, 4);
  next["metrics"]["profile"]["phases"][0]["op_types"].push_back({{"name", "Softmax"}, {"ms", 4.0}});
  auto changes = op_type_changes(profiled_result(2, 1, 4), next, 1);
  ASSERT_EQ(changes.size(), 2u);  // one per phase
  EXPECT_EQ(changes[0].op_type, "Softmax");
  EXPECT_FALSE(changes[0].change_percent());
}

TEST(ProfileCompare, NothingWithoutTwoProfiles) {
  EXPECT_TRUE(op_type_changes(profiled_result(1, 1, 1), Json::parse(R"({"metrics":{"profile":null}})")).empty());
  EXPECT_TRUE(op_type_changes(Json::parse(R"({"metrics":{}})"), profiled_result(1, 1, 1)).empty());
  // A hand-edited profile of the wrong shape counts as none.
  EXPECT_TRUE(op_type_changes(
                  profiled_result(1, 1, 1),
                  Json::parse(R"({"metrics":{"profile":{"phases":[{"phase":"prefill","op_types":[{"name":1}]}]}}})"))
                  .empty());
}

}  // namespace
}  // namespace winml::compare
