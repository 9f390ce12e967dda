#pragma once
/// \file
/// A reusable rendezvous of a fixed number of threads, built on a mutex and a condition variable.
/// Used instead of std::barrier because libstdc++ 12's atomic waiting, which std::barrier rests on,
/// can miss a notification where there is no futex (its "proxied" wait checks for a change and
/// then sleeps on a condition variable without holding the mutex in between; later libstdc++
/// fixed it): under mingw-w64 the bandwidth probe's team hung within a few hundred rounds. Here
/// the check and the sleep happen under one lock, and the microseconds a condition variable costs
/// per rendezvous do not matter to callers whose steps take milliseconds.

#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace winml {

class ThreadBarrier {
 public:
  explicit ThreadBarrier(std::size_t threads) : expected_(threads) {}
  ThreadBarrier(const ThreadBarrier&) = delete;
  ThreadBarrier& operator=(const ThreadBarrier&) = delete;

  /// Blocks until every thread of the current phase has arrived, then starts the next phase.
  void arrive_and_wait() {
    std::unique_lock lock(mutex_);
    const std::size_t phase = phase_;
    if (++arrived_ == expected_) {
      next_phase();
      lock.unlock();
      changed_.notify_all();
      return;
    }
    changed_.wait(lock, [&] { return phase_ != phase; });
  }

  /// Leaves the team for good: this phase and every later one wait for one thread fewer.
  void arrive_and_drop() {
    std::unique_lock lock(mutex_);
    --expected_;
    if (arrived_ == expected_ && expected_ > 0) {
      next_phase();
      lock.unlock();
      changed_.notify_all();
    }
  }

 private:
  void next_phase() {
    arrived_ = 0;
    ++phase_;
  }

  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t expected_;
  std::size_t arrived_ = 0;
  std::size_t phase_ = 0;
};

}  // namespace winml
