#pragma once
/// \file
/// One Chrome-trace JSON (Perfetto, chrome://tracing) per profiled run, merged from the traces of
/// its sessions. Each session keeps its own clock in its file, and the sessions of a pipeline run
/// one after another, so the merged trace lays the steps end to end: every session run keeps its
/// duration and its nodes' offsets inside it. Tracks (threads of one process): "phase" marks each
/// step (prefill, decode 1, ...; run 1, ... for a single model), then one track per stage.

#include <string>
#include <vector>

#include "profile/phase_split.h"
#include "profile/trace_file.h"

namespace winml::profile {

/// One step of a run: its label on the phase track and its session runs in execution order.
struct TraceStep {
  std::string label;  ///< "prefill", "decode 3", "run 2"
  std::string phase;  ///< "prefill", "decode" or "run": the event category, to filter on
  std::vector<SessionRun> runs;
};

/// The steps of a generation's last profiled run: prefill (every stage's prefill runs, in stage
/// order), then each decode step (the stages' i-th decode runs, in stage order).
std::vector<TraceStep> generation_steps(const std::vector<StagePhases>& stages);

/// The merged trace as JSON text: {"traceEvents": [...], "displayTimeUnit": "ms"}. Node events
/// carry their stage, EP and operator type in args, as ORT's do.
std::string merged_trace_json(const std::vector<TraceStep>& steps, const std::vector<std::string>& stages);

}  // namespace winml::profile
