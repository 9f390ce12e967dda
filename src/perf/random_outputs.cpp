#include "perf/random_outputs.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "winml/errors.h"

namespace winml::perf {
namespace {

constexpr std::array<std::string_view, 6> kRandomOps = {"Bernoulli",        "Multinomial",   "RandomNormal",
                                                        "RandomNormalLike", "RandomUniform", "RandomUniformLike"};

// Dropout is the identity unless its third input, training_mode, is true; a present input may hold
// anything (a graph input, a computed value), so it counts as training.
bool draws(const roofline::NodeFact& node) {
  if (!node.domain.empty() && node.domain != "ai.onnx") return false;
  if (node.op_type == "Dropout") return node.inputs.size() > 2 && !node.inputs[2].empty();
  return std::find(kRandomOps.begin(), kRandomOps.end(), node.op_type) != kRandomOps.end();
}

}  // namespace

RandomOutputs random_outputs(const roofline::OnnxGraphFacts& facts) {
  // Every value computed from a drawn value is drawn too (an expanded Bernoulli is RandomUniformLike,
  // Less, Cast), except a shape or size, which the draw does not change. Nodes come in graph order,
  // which ONNX requires to be topological; subgraph nodes see outer values only through their parent.
  std::map<std::string, std::string> drawn;  // value name -> the random operator it comes from
  for (const auto& node : facts.nodes) {
    if (node.in_subgraph) continue;
    std::string source = draws(node) ? node.op_type : "";
    if (source.empty() && node.op_type != "Shape" && node.op_type != "Size") {
      for (const auto& input : node.inputs) {
        if (auto it = drawn.find(input); it != drawn.end()) {
          source = it->second;
          break;
        }
      }
    }
    if (source.empty()) continue;
    for (const auto& output : node.outputs) {
      if (!output.empty()) drawn[output] = source;
    }
  }
  RandomOutputs random;
  for (const auto& output : facts.outputs) {
    if (auto it = drawn.find(output); it != drawn.end()) random[output] = it->second;
  }
  return random;
}

RandomOutputs read_random_outputs(const std::filesystem::path& model) {
  try {
    return random_outputs(roofline::read_onnx_graph_facts(model));
  } catch (const Error& e) {
    throw Error(ErrorCategory::runtime,
                fmt::format("--validate cannot read the graph of {} to find outputs drawn by random operators ({}); "
                            "check that the file is a complete ONNX model",
                            model.string(), e.what()));
  }
}

}  // namespace winml::perf
