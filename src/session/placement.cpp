#include "session/placement.h"

#include <fmt/format.h>
#include <algorithm>
#include <map>

#include "winml/errors.h"

namespace winml {

int StagePlacement::on_configured() const {
  for (const auto& ep : eps) {
    if (ep.ep == configured_ep) return ep.nodes;
  }
  return 0;
}

double StagePlacement::configured_share() const {
  return nodes > 0 ? static_cast<double>(on_configured()) / nodes : 0.0;
}

namespace session {
namespace {

// "MatMul" for ONNX's own operators, "com.microsoft.EPContext" for another domain's.
std::string op_label(const engine::AssignedNode& node) {
  if (node.domain.empty() || node.domain == "ai.onnx") return node.op_type;
  return node.domain + "." + node.op_type;
}

std::string short_ep(const std::string& ep) { return ep == kCpuEpName ? "CPU" : ep; }

// "MatMul 9, Add 5" for the first `limit` op types, then ", ..." when there are more.
std::string op_list(const EpNodes& ep, std::size_t limit) {
  std::string text;
  for (std::size_t i = 0; i < ep.op_types.size() && i < limit; ++i) {
    text += fmt::format("{}{} {}", i == 0 ? "" : ", ", ep.op_types[i].op_type, ep.op_types[i].nodes);
  }
  if (ep.op_types.size() > limit) text += ", ...";
  return text;
}

}  // namespace

StagePlacement summarize_placement(std::string stage, std::string configured_ep,
                                   const std::vector<engine::AssignedNode>& nodes) {
  StagePlacement placement;
  placement.stage = std::move(stage);
  if (!configured_ep.empty()) placement.configured_ep = std::move(configured_ep);
  std::map<std::string, std::map<std::string, int>> by_ep;
  for (const auto& node : nodes) {
    by_ep[node.ep][op_label(node)] += 1;
    if (node.ep == kCpuEpName && placement.accelerated()) placement.cpu_fallback.push_back({node.name, op_label(node)});
  }
  placement.nodes = static_cast<int>(nodes.size());
  for (const auto& [ep, types] : by_ep) {
    EpNodes entry{ep, 0, {}};
    for (const auto& [type, count] : types) {
      entry.op_types.push_back({type, count});
      entry.nodes += count;
    }
    std::stable_sort(entry.op_types.begin(), entry.op_types.end(),
                     [](const OpTypeCount& a, const OpTypeCount& b) { return a.nodes > b.nodes; });
    placement.eps.push_back(std::move(entry));
  }
  // The configured EP first (what the reader asks about), the rest by their share.
  const std::string& first = placement.configured_ep;
  std::stable_sort(placement.eps.begin(), placement.eps.end(), [&first](const EpNodes& a, const EpNodes& b) {
    if ((a.ep == first) != (b.ep == first)) return a.ep == first;
    return a.nodes > b.nodes;
  });
  return placement;
}

std::unique_ptr<engine::OnnxSession> create_session_or_explain_fallback(engine::Engine& engine,
                                                                        const engine::SessionSpec& spec,
                                                                        const std::string& stage) {
  try {
    return engine.create_onnx_session(spec);
  } catch (const Error&) {
    if (!spec.config_entries.contains(kDisableCpuFallbackKey)) throw;
    engine::SessionSpec lenient = spec;
    lenient.config_entries.erase(kDisableCpuFallbackKey);
    // When this fails too, the refusal was not the cause: its error propagates.
    std::unique_ptr<engine::OnnxSession> probe = engine.create_onnx_session(lenient);
    StagePlacement placement = session_placement(*probe, stage, spec);
    if (placement.cpu_fallback.empty()) throw;
    throw GenaiLoadError(cpu_fallback_refusal({placement}));
  }
}

StagePlacement session_placement(engine::OnnxSession& session, std::string stage, const engine::SessionSpec& spec) {
  const std::string configured = spec.providers.empty() ? "" : spec.providers.front().name;
  try {
    return summarize_placement(stage, configured, session.placement());
  } catch (const Error& e) {
    StagePlacement unknown;
    unknown.stage = stage;
    if (!configured.empty()) unknown.configured_ep = configured;
    unknown.error = e.what();
    return unknown;
  }
}

std::string placement_line(const StagePlacement& placement) {
  if (!placement.error.empty()) return "placement unknown: " + placement.error;
  std::string line = fmt::format("{} of {} nodes on {}", placement.on_configured(), placement.nodes,
                                 short_ep(placement.configured_ep));
  for (const auto& ep : placement.eps) {
    if (ep.ep == placement.configured_ep) {
      line += " (" + op_list(ep, 6) + ")";
    } else {
      line += fmt::format("; {} on {} ({})", ep.nodes, short_ep(ep.ep), op_list(ep, 6));
    }
  }
  return line;
}

std::string cpu_fallback_refusal(const std::vector<StagePlacement>& refused) {
  std::string message;
  for (const auto& stage : refused) {
    std::string nodes;
    for (std::size_t i = 0; i < stage.cpu_fallback.size() && i < 10; ++i) {
      nodes += fmt::format("{}{} '{}'", i == 0 ? "" : ", ", stage.cpu_fallback[i].op_type, stage.cpu_fallback[i].name);
    }
    if (stage.cpu_fallback.size() > 10) nodes += fmt::format(" and {} more", stage.cpu_fallback.size() - 10);
    message += fmt::format("{}stage {}: {} did not take {} of {} nodes, which --no-cpu-fallback keeps off the CPU: {}.",
                           message.empty() ? "" : " ", stage.stage, stage.configured_ep, stage.cpu_fallback.size(),
                           stage.nodes, nodes);
  }
  return message +
         " Drop --no-cpu-fallback to let them run on the CPU, or route the stage to an EP that supports these "
         "operators (or to the CPU).";
}

}  // namespace session
}  // namespace winml
