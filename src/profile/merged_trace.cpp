#include "profile/merged_trace.h"

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

namespace winml::profile {
namespace {

using Json = nlohmann::ordered_json;

Json track_name(int tid, const std::string& name) {
  return {{"ph", "M"}, {"pid", 1}, {"tid", tid}, {"name", "thread_name"}, {"args", {{"name", name}}}};
}

Json slice(const std::string& name, const std::string& category, int tid, double ts, double dur) {
  return {{"ph", "X"}, {"pid", 1}, {"tid", tid}, {"name", name}, {"cat", category}, {"ts", ts}, {"dur", dur}};
}

}  // namespace

std::vector<TraceStep> generation_steps(const std::vector<StagePhases>& stages) {
  std::vector<TraceStep> steps;
  steps.push_back({"prefill", "prefill", phase_runs(stages, false)});
  std::size_t decode_steps = 0;
  for (const StagePhases& stage : stages) decode_steps = std::max(decode_steps, stage.decode.size());
  for (std::size_t i = 0; i < decode_steps; ++i) {
    TraceStep step{"decode " + std::to_string(i + 1), "decode", {}};
    for (const StagePhases& stage : stages)
      if (i < stage.decode.size()) step.runs.push_back(stage.decode[i]);
    steps.push_back(std::move(step));
  }
  return steps;
}

std::string merged_trace_json(const std::vector<TraceStep>& steps, const std::vector<std::string>& stages) {
  Json events = Json::array();
  events.push_back({{"ph", "M"}, {"pid", 1}, {"name", "process_name"}, {"args", {{"name", "winml profile"}}}});
  events.push_back(track_name(0, "phase"));
  std::map<std::string, int> tids;
  for (const std::string& stage : stages) {
    const int tid = static_cast<int>(tids.size()) + 1;
    tids[stage] = tid;
    events.push_back(track_name(tid, stage));
  }
  double cursor = 0;
  for (const TraceStep& step : steps) {
    const double step_start = cursor;
    for (const SessionRun& run : step.runs) {
      auto [it, inserted] = tids.try_emplace(run.stage, static_cast<int>(tids.size()) + 1);
      if (inserted) events.push_back(track_name(it->second, run.stage));
      const int tid = it->second;
      Json run_event = slice(run.stage + " run", step.phase, tid, cursor, run.dur_us);
      run_event["args"] = {{"step", step.label}};
      events.push_back(std::move(run_event));
      for (const NodeTime& node : run.nodes) {
        Json e = slice(node.node, step.phase, tid, cursor + std::max(0.0, node.start_us - run.start_us), node.dur_us);
        e["args"] = {{"op_name", node.op_type}, {"provider", node.ep}, {"stage", run.stage}, {"step", step.label}};
        events.push_back(std::move(e));
      }
      cursor += run.dur_us;
    }
    events.push_back(slice(step.label, step.phase, 0, step_start, cursor - step_start));
  }
  Json trace = {{"traceEvents", std::move(events)}, {"displayTimeUnit", "ms"}};
  return trace.dump(1);
}

}  // namespace winml::profile
