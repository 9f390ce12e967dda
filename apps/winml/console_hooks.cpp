#include "console_hooks.h"

#include <atomic>

namespace winml::cli {
namespace {

// An atomic pointer: the host installs the hooks on the thread that runs the command, and the
// benchmark's workers read them.
std::atomic<const ConsoleHooks*> g_hooks{nullptr};

}  // namespace

ConsoleHooksScope::ConsoleHooksScope(const ConsoleHooks& hooks) noexcept { g_hooks.store(&hooks); }

ConsoleHooksScope::~ConsoleHooksScope() { g_hooks.store(nullptr); }

const ConsoleHooks* console_hooks() noexcept { return g_hooks.load(); }

}  // namespace winml::cli
