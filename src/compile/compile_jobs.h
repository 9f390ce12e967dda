#pragma once
/// \file
/// How many stages compile at once, each in its own worker process: the number asked for, or by
/// default as many as the stages, the physical cores and the available memory allow
/// (docs/compile.md, "Parallel compiles").

#include <cstdint>
#include <string>
#include <vector>

namespace winml::compile {

/// The machine facts the default is bounded by; 0 means unknown.
struct CompileCapacity {
  unsigned physical_cores = 0;
  unsigned logical_cores = 0;
  std::uint64_t available_memory_bytes = 0;
};

/// Reads them from the platform layer (platform::read_cpu_cores, platform::read_memory_hierarchy).
CompileCapacity read_compile_capacity();

/// What one worker is expected to need at its peak to compile a model whose files (model and
/// external data) hold `source_bytes`: the weights once as read and once as compiled, plus a fixed
/// allowance for the runtime itself (kWorkerBaseBytes).
std::uint64_t worker_memory_estimate(std::uint64_t source_bytes);

/// The fixed part of worker_memory_estimate.
inline constexpr std::uint64_t kWorkerBaseBytes = std::uint64_t{256} << 20;

/// The number of compile workers that may run at once, and what decided it.
struct CompileJobs {
  unsigned jobs = 1;               ///< at least 1
  std::string source = "auto";     ///< "requested" (a number was given) or "auto"
  std::string limited_by;          ///< "requested", "stages", "physical cores", "logical cores" or "memory"
  CompileCapacity capacity;        ///< the facts the auto rule read (zeros when a number was given)
  std::uint64_t worker_bytes = 0;  ///< the largest worker_memory_estimate (auto only)
};

/// `requested` workers (0 = auto) for stages whose workers need `worker_bytes` each (one entry per
/// stage that may compile). A request is capped by the number of stages, since more workers
/// would idle; auto takes the smallest of the stages, the physical cores (the logical ones when
/// those are unknown) and available memory / the largest estimate, and never less than 1.
CompileJobs resolve_compile_jobs(unsigned requested, const std::vector<std::uint64_t>& worker_bytes,
                                 const CompileCapacity& capacity);

}  // namespace winml::compile
