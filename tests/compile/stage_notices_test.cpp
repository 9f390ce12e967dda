// Warnings of stages that compile side by side come out in stage order.
#include "compile/stage_notices.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace winml::compile {
namespace {

TEST(StageNotices, LaterStagesWaitForEarlierOnes) {
  std::vector<std::string> out;
  OrderedNotices notices(3, [&](const std::string& m) { out.push_back(m); });
  Notify first = notices.for_stage(0);
  Notify second = notices.for_stage(1);
  Notify third = notices.for_stage(2);
  third("c1");
  second("b1");
  EXPECT_TRUE(out.empty()) << "stage 0 still runs";
  first("a1");
  EXPECT_EQ(out, (std::vector<std::string>{"a1"})) << "the front stage speaks at once";
  notices.finish(2);
  EXPECT_EQ(out.size(), 1u);
  notices.finish(0);
  EXPECT_EQ(out, (std::vector<std::string>{"a1", "b1"}));
  second("b2");
  EXPECT_EQ(out.back(), "b2") << "stage 1 is now in front";
  notices.finish(1);
  EXPECT_EQ(out, (std::vector<std::string>{"a1", "b1", "b2", "c1"}));
}

TEST(StageNotices, NoSinkNoNotifier) {
  OrderedNotices notices(2, {});
  EXPECT_FALSE(notices.for_stage(0));
  notices.finish(1);
  notices.finish(0);
  EXPECT_FALSE(serialized({}));
}

TEST(StageNotices, SerializedCallsNeverOverlap) {
  int inside = 0;
  int overlaps = 0;
  int calls = 0;
  Notify notify = serialized([&](const std::string&) {
    if (++inside > 1) ++overlaps;
    ++calls;
    std::this_thread::yield();
    --inside;
  });
  std::vector<std::jthread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i) notify("m");
    });
  }
  threads.clear();
  EXPECT_EQ(overlaps, 0);
  EXPECT_EQ(calls, 800);
}

}  // namespace
}  // namespace winml::compile
