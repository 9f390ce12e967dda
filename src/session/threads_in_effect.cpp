#include "session/threads_in_effect.h"

#include <algorithm>

namespace winml::perf {
namespace {

// The common count and source of the stages, or nullopt / kThreadsMixed where they differ.
void summarise(ThreadsInEffect& threads) {
  if (threads.stages.empty()) return;
  const StageThreadsFact& first = threads.stages.front();
  bool same_count = std::all_of(threads.stages.begin(), threads.stages.end(), [&](const StageThreadsFact& s) {
    return s.intra_op_threads == first.intra_op_threads;
  });
  bool same_source = std::all_of(threads.stages.begin(), threads.stages.end(),
                                 [&](const StageThreadsFact& s) { return s.source == first.source; });
  if (same_count) threads.intra_op_threads = first.intra_op_threads;
  threads.source = same_source ? first.source : kThreadsMixed;
}

ThreadsInEffect with_machine(std::optional<int> requested, const MachineInfo& machine) {
  ThreadsInEffect threads;
  threads.requested = requested;
  threads.logical_cores = machine.logical_cores;
  threads.physical_cores = machine.physical_cores;
  return threads;
}

}  // namespace

int genai_default_threads(unsigned logical_cores) {
  return std::min(16, std::max(1, static_cast<int>(logical_cores / 2)));
}

int onnxruntime_default_threads(unsigned logical_cores, unsigned physical_cores) {
  if (physical_cores > 0) return static_cast<int>(physical_cores);
  return std::max(1, static_cast<int>(logical_cores / 2));
}

ThreadsInEffect genai_threads_in_effect(std::optional<int> requested, const std::vector<StageThreads>& stages,
                                        const MachineInfo& machine) {
  ThreadsInEffect threads = with_machine(requested, machine);
  threads.runtime_default = genai_default_threads(machine.logical_cores);
  threads.runtime_default_rule = "GenAI takes half the logical cores, 1 to 16";
  for (const StageThreads& stage : stages) {
    StageThreadsFact fact{stage.stage, threads.runtime_default, kThreadsFromRuntime};
    if (stage.intra_op_threads) {
      fact.source = requested ? kThreadsFromFlag : kThreadsFromBundle;
      fact.intra_op_threads = *stage.intra_op_threads == 0
                                  ? onnxruntime_default_threads(machine.logical_cores, machine.physical_cores)
                                  : *stage.intra_op_threads;
    }
    threads.stages.push_back(fact);
  }
  summarise(threads);
  return threads;
}

ThreadsInEffect onnx_threads_in_effect(std::optional<int> requested, const MachineInfo& machine) {
  ThreadsInEffect threads = with_machine(requested, machine);
  threads.runtime_default = onnxruntime_default_threads(machine.logical_cores, machine.physical_cores);
  threads.runtime_default_rule = "ONNX Runtime takes one per physical core";
  threads.stages.push_back(
      {"model", requested.value_or(threads.runtime_default), requested ? kThreadsFromFlag : kThreadsFromRuntime});
  summarise(threads);
  return threads;
}

}  // namespace winml::perf
