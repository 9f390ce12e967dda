// The threads that wait on stage compiles side by side.
#include "compile/stage_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace winml::compile {
namespace {

using std::chrono::milliseconds;

TEST(StagePool, OneWorkerRunsInOrderInTheCallingThread) {
  std::vector<std::size_t> seen;
  const auto caller = std::this_thread::get_id();
  run_indexed(4, 1, [&](std::size_t i) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    seen.push_back(i);
  });
  EXPECT_EQ(seen, (std::vector<std::size_t>{0, 1, 2, 3}));
}

TEST(StagePool, WorkersRunSideBySideAndNeverMoreThanAsked) {
  std::atomic<int> running{0};
  std::atomic<int> most{0};
  std::mutex mutex;
  std::vector<std::size_t> started;
  run_indexed(6, 3, [&](std::size_t i) {
    {
      std::lock_guard<std::mutex> hold(mutex);
      started.push_back(i);
    }
    const int now = ++running;
    int seen = most.load();
    while (now > seen && !most.compare_exchange_weak(seen, now)) {
    }
    std::this_thread::sleep_for(milliseconds(300));
    --running;
  });
  EXPECT_EQ(most.load(), 3);
  ASSERT_EQ(started.size(), 6u);
  // Each task ran exactly once.
  std::vector<bool> ran(6, false);
  for (std::size_t i : started) ran[i] = true;
  EXPECT_EQ(ran, std::vector<bool>(6, true));
}

TEST(StagePool, NoTaskNoThread) {
  int calls = 0;
  run_indexed(0, 4, [&](std::size_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(StagePool, TheFirstFailureIsRethrownAfterTheOthersFinish) {
  std::atomic<int> finished{0};
  try {
    run_indexed(2, 2, [&](std::size_t i) {
      if (i == 1) throw std::runtime_error("stage 1");
      std::this_thread::sleep_for(milliseconds(150));
      ++finished;
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "stage 1");
  }
  EXPECT_EQ(finished.load(), 1) << "the running stage was waited for, not abandoned";
  // Both failing: the lower index wins, whichever threw first.
  try {
    run_indexed(2, 2, [](std::size_t i) {
      if (i == 0) std::this_thread::sleep_for(milliseconds(100));
      throw std::runtime_error("stage " + std::to_string(i));
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "stage 0");
  }
}

TEST(StagePool, AFailureStartsNoFurtherTask) {
  std::atomic<int> calls{0};
  EXPECT_THROW(run_indexed(10, 1,
                           [&](std::size_t i) {
                             ++calls;
                             if (i == 2) throw std::runtime_error("stop");
                           }),
               std::runtime_error);
  EXPECT_EQ(calls.load(), 3);
}

}  // namespace
}  // namespace winml::compile
