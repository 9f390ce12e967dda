#pragma once
/// \file
/// What every result says of the conditions it was measured in, whatever the runtime: the machine
/// it ran on, the CPU clock around each run, and the variation and warmup checks of its figures.
/// GenaiPerfResult and OnnxPerfResult each hold one, so a fact of this kind (what else the machine
/// was doing, say) is added here, where the benchmarks fill it, and read by every format the same way.

#include <vector>

#include "machine/machine_info.h"
#include "perf/run_quality.h"
#include "perf/throttle_check.h"
#include "resources/resource_usage.h"

namespace winml::perf {

/// Where and how well a result was measured.
struct RunContext {
  MachineInfo machine;                 ///< where it ran
  std::vector<ClockCheck> clock;       ///< the CPU clock around each run (one per round)
  RunQuality quality;                  ///< high variation and warmup checks (warnings)
  resources::ResourceUsage resources;  ///< what the run used (CPU, memory, accelerator, energy); empty unsampled
};

}  // namespace winml::perf
