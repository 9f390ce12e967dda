#include "compile/checkpoint.h"

#include <atomic>

namespace winml::compile {
namespace {
std::atomic<CheckpointHook> g_hook{nullptr};
}  // namespace

void set_checkpoint_hook(CheckpointHook hook) { g_hook.store(hook); }

void checkpoint(std::string_view step) {
  if (CheckpointHook hook = g_hook.load()) hook(step);
}

}  // namespace winml::compile
