#include "profile/trace_file.h"

#include <algorithm>

#include "platform/read_file.h"
#include "util/json_read.h"
#include "winml/errors.h"

namespace winml::profile {
namespace {

constexpr std::string_view kKernelSuffix = "_kernel_time";

[[noreturn]] void refuse(const std::string& source, const std::string& why) {
  throw Error(ErrorCategory::runtime, source + " is not an ONNX Runtime profile: " + why +
                                          ". It was written by this run; rerun with --profile, and report a bug "
                                          "if it happens again.");
}

std::string text_of(const nlohmann::json& event, const char* key) {
  auto it = event.find(key);
  return it != event.end() && it->is_string() ? it->get<std::string>() : std::string();
}

double number_of(const nlohmann::json& event, const char* key, const std::string& source) {
  auto it = event.find(key);
  if (it == event.end() || !it->is_number()) refuse(source, std::string("an event has no number \"") + key + "\"");
  return it->get<double>();
}

// A compiling EP's fused node carries the partition's generated name as its op type
// ("WinmlTestEP_9361080184747309380_8", "QNNExecutionProvider_QNN_..._0_0"), one per partition:
// summed by it, every partition would be an operator type of its own. They are summed as one.
bool is_fused_partition(const std::string& op_type, const std::string& ep) {
  if (ep.empty()) return false;
  constexpr std::string_view kSuffix = "ExecutionProvider";
  std::string short_name = ep;
  if (short_name.size() > kSuffix.size() && short_name.ends_with(kSuffix))
    short_name.resize(short_name.size() - kSuffix.size());
  return op_type.starts_with(ep + "_") || op_type.starts_with(short_name + "_");
}

}  // namespace

std::vector<SessionRun> parse_trace(std::string_view text, const std::string& stage, const std::string& source) {
  nlohmann::json json;
  try {
    json = json_read::parse(text);
  } catch (const json_read::JsonReadError& e) {
    refuse(source, e.what());
  }
  const nlohmann::json* events = &json;
  if (json.is_object() && json.contains("traceEvents")) events = &json["traceEvents"];
  if (!events->is_array()) refuse(source, "it holds no array of trace events");

  std::vector<SessionRun> runs;
  std::vector<NodeTime> nodes;
  for (const nlohmann::json& event : *events) {
    if (!event.is_object()) refuse(source, "an event is not an object");
    const std::string category = text_of(event, "cat");
    const std::string name = text_of(event, "name");
    if (category == "Session" && name == "model_run") {
      runs.push_back({stage, number_of(event, "ts", source), number_of(event, "dur", source), {}});
    } else if (category == "Node" && name.size() > kKernelSuffix.size() && name.ends_with(kKernelSuffix)) {
      NodeTime node;
      node.node = name.substr(0, name.size() - kKernelSuffix.size());
      if (auto args = event.find("args"); args != event.end() && args->is_object()) {
        node.op_type = text_of(*args, "op_name");
        node.ep = text_of(*args, "provider");
        if (is_fused_partition(node.op_type, node.ep)) node.op_type = kFusedPartition;
      }
      node.start_us = number_of(event, "ts", source);
      node.dur_us = number_of(event, "dur", source);
      nodes.push_back(std::move(node));
    }
  }
  std::stable_sort(runs.begin(), runs.end(),
                   [](const SessionRun& a, const SessionRun& b) { return a.start_us < b.start_us; });
  for (NodeTime& node : nodes) {
    // The last run starting at or before the node; the node belongs to it when it ends inside it.
    auto after = std::upper_bound(runs.begin(), runs.end(), node.start_us,
                                  [](double ts, const SessionRun& run) { return ts < run.start_us; });
    if (after == runs.begin()) continue;
    SessionRun& run = *(after - 1);
    if (node.start_us <= run.start_us + run.dur_us) run.nodes.push_back(std::move(node));
  }
  return runs;
}

std::vector<SessionRun> read_trace(const std::filesystem::path& path, const std::string& stage) {
  const std::string text =
      platform::read_regular_file(path, kMaxTraceBytes, "an ONNX Runtime profile", ErrorCategory::runtime);
  return parse_trace(text, stage, path.string());
}

}  // namespace winml::profile
