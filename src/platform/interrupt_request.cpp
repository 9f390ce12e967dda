// The stop-request flag of interrupt_request.h, the same on every system; the signal handlers that
// consult it are in signal_cleanup_posix.cpp and signal_cleanup_win32.cpp.
#include "platform/interrupt_request.h"

#include <atomic>

namespace winml::platform {
namespace {

static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs lock-free atomics");

std::atomic<bool> g_stop_on_interrupt{false};
std::atomic<bool> g_interrupt_requested{false};

}  // namespace

StopOnInterrupt::StopOnInterrupt() noexcept {
  g_interrupt_requested.store(false);
  g_stop_on_interrupt.store(true);
}

StopOnInterrupt::~StopOnInterrupt() { g_stop_on_interrupt.store(false); }

bool interrupt_requested() noexcept { return g_interrupt_requested.load(std::memory_order_relaxed); }

bool take_interrupt_as_stop_request() noexcept {
  if (!g_stop_on_interrupt.load()) return false;
  // Only the first: exchange says whether a request was already made.
  return !g_interrupt_requested.exchange(true);
}

}  // namespace winml::platform
