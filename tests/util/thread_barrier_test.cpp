#include "util/thread_barrier.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace winml {
namespace {

// Many short phases by more threads than cores: the pattern under which std::barrier lost a
// wake-up under mingw-w64. Every thread must see every other thread's write of the phase before.
TEST(ThreadBarrier, NoThreadRunsAheadOfAPhase) {
  constexpr unsigned kThreads = 8;
  constexpr int kPhases = 1000;
  ThreadBarrier barrier(kThreads);
  std::vector<std::atomic<int>> done(kThreads);
  std::atomic<int> behind{0};
  std::vector<std::jthread> team;
  for (unsigned t = 0; t < kThreads; ++t) {
    team.emplace_back([&, t] {
      for (int phase = 1; phase <= kPhases; ++phase) {
        done[t].store(phase);
        barrier.arrive_and_wait();
        for (const auto& other : done) {
          if (other.load() < phase) behind.fetch_add(1);
        }
        barrier.arrive_and_wait();
      }
    });
  }
  team.clear();
  EXPECT_EQ(behind.load(), 0);
  for (const auto& d : done) EXPECT_EQ(d.load(), kPhases);
}

// A thread that never starts drops out, and the others are not left waiting for it.
TEST(ThreadBarrier, ADroppedThreadIsNotWaitedFor) {
  ThreadBarrier barrier(3);
  std::atomic<int> passed{0};
  std::jthread worker([&] {
    for (int i = 0; i < 100; ++i) {
      barrier.arrive_and_wait();
      passed.fetch_add(1);
    }
  });
  barrier.arrive_and_drop();
  for (int i = 0; i < 100; ++i) barrier.arrive_and_wait();
  worker.join();
  EXPECT_EQ(passed.load(), 100);
}

// Dropping out completes the phase the remaining threads are waiting in (or the next one they
// enter): without it the waiter below would never return and the test would hang.
TEST(ThreadBarrier, DroppingTheLastMissingThreadReleasesThePhase) {
  ThreadBarrier barrier(2);
  std::atomic<bool> released{false};
  std::jthread waiter([&] {
    barrier.arrive_and_wait();
    released = true;
  });
  barrier.arrive_and_drop();
  waiter.join();
  EXPECT_TRUE(released);
}

}  // namespace
}  // namespace winml
