#include "compile/stage_pool.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace winml::compile {

void run_indexed(std::size_t count, unsigned workers, const std::function<void(std::size_t)>& task) {
  if (workers <= 1 || count <= 1) {
    for (std::size_t i = 0; i < count; ++i) task(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::size_t failed_index = count;
  std::exception_ptr failure;
  auto work = [&] {
    while (!failed.load()) {
      const std::size_t i = next.fetch_add(1);
      if (i >= count) return;
      try {
        task(i);
      } catch (...) {
        std::lock_guard<std::mutex> hold(mutex);
        if (i < failed_index) {
          failed_index = i;
          failure = std::current_exception();
        }
        failed.store(true);
      }
    }
  };
  {
    std::vector<std::jthread> threads;
    const std::size_t n = std::min<std::size_t>(workers, count);
    threads.reserve(n);
    for (std::size_t t = 0; t < n; ++t) threads.emplace_back(work);
  }  // joined here
  if (failure) std::rethrow_exception(failure);
}

}  // namespace winml::compile
