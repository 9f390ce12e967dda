#include "compile/compile_jobs.h"

#include <algorithm>
#include <limits>

#include "platform/cpu_cores.h"
#include "platform/memory_hierarchy.h"

namespace winml::compile {
namespace {

// Lowers `jobs` to `bound` when it is tighter, and names the bound.
void bound_by(CompileJobs& out, std::uint64_t bound, const char* name) {
  if (bound < out.jobs) {
    out.jobs = static_cast<unsigned>(bound);
    out.limited_by = name;
  }
}

}  // namespace

CompileCapacity read_compile_capacity() {
  const platform::CpuCores cores = platform::read_cpu_cores();
  return {cores.physical, cores.logical, platform::read_memory_hierarchy().available_memory_bytes};
}

std::uint64_t worker_memory_estimate(std::uint64_t source_bytes) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  if (source_bytes > (kMax - kWorkerBaseBytes) / 2) return kMax;
  return 2 * source_bytes + kWorkerBaseBytes;
}

CompileJobs resolve_compile_jobs(unsigned requested, const std::vector<std::uint64_t>& worker_bytes,
                                 const CompileCapacity& capacity) {
  const auto stages = static_cast<std::uint64_t>(std::max<std::size_t>(worker_bytes.size(), 1));
  CompileJobs out;
  if (requested > 0) {
    out.jobs = requested;
    out.source = "requested";
    out.limited_by = "requested";
    bound_by(out, stages, "stages");
    return out;
  }
  out.capacity = capacity;
  out.jobs = std::numeric_limits<unsigned>::max();
  bound_by(out, stages, "stages");
  if (capacity.physical_cores > 0) {
    bound_by(out, capacity.physical_cores, "physical cores");
  } else if (capacity.logical_cores > 0) {
    bound_by(out, capacity.logical_cores, "logical cores");
  } else {
    bound_by(out, 1, "physical cores");  // nothing known: one at a time, as before parallel compiles
  }
  for (std::uint64_t bytes : worker_bytes) out.worker_bytes = std::max(out.worker_bytes, bytes);
  if (capacity.available_memory_bytes > 0 && out.worker_bytes > 0) {
    bound_by(out, std::max<std::uint64_t>(capacity.available_memory_bytes / out.worker_bytes, 1), "memory");
  }
  return out;
}

}  // namespace winml::compile
