#pragma once
/// \file
/// The intra-op threads a benchmark ran with, as its report states them: what was asked for, what
/// each stage's session got and where that came from, the runtime's own rule when nothing was set,
/// and the cores that rule was applied to (docs/metrics.md, "Threads").

#include <optional>
#include <string>
#include <vector>

#include "machine/machine_info.h"
#include "winml/genai_session.h"

namespace winml::perf {

/// Sources of a thread count, as reports spell them.
inline constexpr const char* kThreadsFromFlag = "--threads";
inline constexpr const char* kThreadsFromBundle = "bundle";
inline constexpr const char* kThreadsFromRuntime = "runtime default";
/// The summary source when stages got their counts from different places.
inline constexpr const char* kThreadsMixed = "mixed";

/// One session's thread count.
struct StageThreadsFact {
  std::string stage;         ///< pipeline stage, "decoder", or "model" (single ONNX model)
  int intra_op_threads = 0;  ///< the count its session runs with (the runtime's rule applied when unset)
  std::string source;        ///< kThreadsFromFlag, kThreadsFromBundle or kThreadsFromRuntime
};

/// The threads in effect for one run.
struct ThreadsInEffect {
  std::optional<int> requested;          ///< --threads; nullopt when not given
  std::string source;                    ///< the stages' common source, else kThreadsMixed
  std::optional<int> intra_op_threads;   ///< the stages' common count; nullopt when they differ
  std::vector<StageThreadsFact> stages;  ///< every session, in execution order
  int runtime_default = 0;               ///< what the runtime picks on this machine when nothing is set
  std::string runtime_default_rule;      ///< how it picks, e.g. "GenAI takes half the logical cores, 1 to 16"
  unsigned logical_cores = 0;            ///< MachineInfo::logical_cores
  unsigned physical_cores = 0;           ///< MachineInfo::physical_cores (0 = unknown)
};

/// GenAI 0.18's default for a session whose config sets no intra_op_num_threads
/// (Model::CreateSessionOptionsFromConfig): half of std::thread::hardware_concurrency(), at least
/// 1, at most 16. It assumes two hardware threads per core, so it uses half the cores of a machine
/// without SMT.
int genai_default_threads(unsigned logical_cores);

/// ONNX Runtime's default for intra_op_num_threads 0: one thread per physical core (counted with
/// cpuinfo); half the logical cores when the physical count is unknown.
int onnxruntime_default_threads(unsigned logical_cores, unsigned physical_cores);

/// The threads of a GenAI run: `requested` is --threads, `stages` what the loaded config sets
/// (GenaiSession::stage_threads()). A stage setting 0 runs with ONNX Runtime's default.
ThreadsInEffect genai_threads_in_effect(std::optional<int> requested, const std::vector<StageThreads>& stages,
                                        const MachineInfo& machine);

/// The threads of a single-model run (one session, "model"): `requested`, else ONNX Runtime's default.
ThreadsInEffect onnx_threads_in_effect(std::optional<int> requested, const MachineInfo& machine);

}  // namespace winml::perf
