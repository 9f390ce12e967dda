#include "resources/resource_usage.h"

namespace winml::resources {

std::string_view usage_phase_name(UsagePhase phase) {
  switch (phase) {
    case UsagePhase::load:
      return "load";
    case UsagePhase::compile:
      return "compile";
    case UsagePhase::warmup:
      return "warmup";
    case UsagePhase::prefill:
      return "prefill";
    case UsagePhase::decode:
      return "decode";
    case UsagePhase::run:
      return "run";
    case UsagePhase::idle:
      return "idle";
  }
  return "unknown";
}

}  // namespace winml::resources
