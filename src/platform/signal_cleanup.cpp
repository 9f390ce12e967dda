// The registry of in-flight temporary files (signal_cleanup.h), the same on every system; the
// handlers that empty it are in signal_cleanup_posix.cpp and signal_cleanup_win32.cpp.
#include <atomic>
#include <cstring>

#include "platform/remove_file_now.h"
#include "platform/signal_cleanup.h"

namespace winml::platform {
namespace {

// A slot's state word holds (generation << 2) | phase, so a registration that was removed by
// remove_registered_temp_paths() can never unregister a later registration of the same slot.
constexpr std::uint32_t kFree = 0;
constexpr std::uint32_t kWriting = 1;
constexpr std::uint32_t kReady = 2;
constexpr std::uint32_t kRemoving = 3;
constexpr int kSlots = 64;              // more in-flight temporary files than winml ever has at once
constexpr std::size_t kPathMax = 4096;  // PATH_MAX on Linux

struct Slot {
  std::atomic<std::uint32_t> state{kFree};
  char path[kPathMax] = {};
};

static_assert(std::atomic<std::uint32_t>::is_always_lock_free, "the signal handler needs lock-free atomics");

Slot g_slots[kSlots];

// Set in a plugin: its registrations go to the program's registry (see use_temp_registry).
std::atomic<TempRegistration (*)(const char*) noexcept> g_forward_register{nullptr};
std::atomic<void (*)(TempRegistration) noexcept> g_forward_unregister{nullptr};

constexpr std::uint32_t phase(std::uint32_t state) { return state & 3u; }
constexpr std::uint32_t generation(std::uint32_t state) { return state >> 2; }
constexpr std::uint32_t make_state(std::uint32_t gen, std::uint32_t ph) { return (gen << 2) | ph; }

}  // namespace

TempRegistry own_temp_registry() noexcept {
  TempRegistry own;
  own.register_path = &register_temp_path;
  own.unregister_path = &unregister_temp_path;
  return own;
}

void use_temp_registry(TempRegistry host) noexcept {
  g_forward_register.store(host.register_path);
  g_forward_unregister.store(host.unregister_path);
}

TempRegistration register_temp_path(const char* path) noexcept {
  if (auto* forward = g_forward_register.load(); forward != nullptr && forward != &register_temp_path) {
    return forward(path);
  }
  const std::size_t length = std::strlen(path);
  if (length >= kPathMax) return {};
  for (int i = 0; i < kSlots; ++i) {
    Slot& slot = g_slots[i];
    std::uint32_t current = slot.state.load();
    if (phase(current) != kFree) continue;
    const std::uint32_t gen = generation(current) + 1;
    if (!slot.state.compare_exchange_strong(current, make_state(gen, kWriting))) continue;
    std::memcpy(slot.path, path, length + 1);
    slot.state.store(make_state(gen, kReady));
    return {i, gen};
  }
  return {};
}

void unregister_temp_path(TempRegistration registration) noexcept {
  if (auto* forward = g_forward_unregister.load(); forward != nullptr && forward != &unregister_temp_path) {
    forward(registration);
    return;
  }
  if (registration.slot < 0 || registration.slot >= kSlots) return;
  std::uint32_t expected = make_state(registration.generation, kReady);
  g_slots[registration.slot].state.compare_exchange_strong(expected, make_state(registration.generation, kFree));
}

int remove_registered_temp_paths() noexcept {
  int count = 0;
  for (Slot& slot : g_slots) {
    std::uint32_t current = slot.state.load();
    if (phase(current) != kReady) continue;
    if (!slot.state.compare_exchange_strong(current, make_state(generation(current), kRemoving))) continue;
    remove_file_now(slot.path);
    ++count;
    slot.state.store(make_state(generation(current), kFree));
  }
  return count;
}

}  // namespace winml::platform
