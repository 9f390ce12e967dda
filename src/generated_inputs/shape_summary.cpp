#include "generated_inputs/shape_summary.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "util/printable.h"

namespace winml::generated_inputs {
namespace {

// "name=size" for a dynamic dim ("?=size" without a name), the size alone for a static one.
std::string dim_text(const engine::TensorInfo& input, std::size_t i, std::int64_t size) {
  if (input.shape[i] > 0) return std::to_string(size);
  const bool named = i < input.dim_names.size() && !input.dim_names[i].empty();
  return fmt::format("{}={}", named ? printable(input.dim_names[i]) : "?", size);
}

}  // namespace

std::vector<std::string> describe_plan(const std::vector<engine::TensorInfo>& inputs, const ShapePlan& plan) {
  // Names and types come from the model file: printable() keeps control bytes off the console.
  std::vector<std::string> names;
  std::vector<std::string> types;
  std::size_t name_width = 0;
  std::size_t type_width = 0;
  for (const auto& input : inputs) {
    names.push_back(printable(input.name));
    types.push_back(printable(input.type_name));
    name_width = std::max(name_width, names.back().size());
    type_width = std::max(type_width, types.back().size());
  }
  std::vector<std::string> lines{"generated inputs:"};
  std::vector<std::string> defaulted;
  std::set<std::string> seen;
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    std::vector<std::string> dims;
    for (std::size_t i = 0; i < plan.shapes[k].size(); ++i) {
      dims.push_back(dim_text(inputs[k], i, plan.shapes[k][i]));
      if (plan.sources[k][i] != DimSource::fallback) continue;
      const bool named = i < inputs[k].dim_names.size() && !inputs[k].dim_names[i].empty();
      const std::string what = named ? dims.back() : fmt::format("{} dim {}={}", names[k], i, plan.shapes[k][i]);
      if (seen.insert(what).second) defaulted.push_back(what);
    }
    lines.push_back(
        fmt::format("  {:<{}}  {:<{}}  [{}]", names[k], name_width, types[k], type_width, fmt::join(dims, ", ")));
  }
  if (!defaulted.empty()) {
    lines.push_back(
        fmt::format("  sizes by default: {} (set them with --shape NAME=d0,d1,...; docs/metrics.md, "
                    "\"Inputs\")",
                    fmt::join(defaulted, ", ")));
  }
  return lines;
}

}  // namespace winml::generated_inputs
