#include "generated_inputs/shape_plan.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <map>
#include <utility>

#include "util/printable.h"

namespace winml::generated_inputs {
namespace {

// The symbolic name of dim i ("" when the model gives none, or the dim is static).
const std::string& dim_name(const engine::TensorInfo& input, std::size_t i) {
  static const std::string none;
  return i < input.dim_names.size() && input.shape[i] <= 0 ? input.dim_names[i] : none;
}

// A name's size and the input that set it.
struct Binding {
  std::int64_t size = 0;
  DimSource source = DimSource::fallback;
  std::string input;
};

}  // namespace

ShapePlan plan_shapes(const std::vector<engine::TensorInfo>& inputs, int batch_size, const ShapeOverrides& overrides) {
  ShapePlan plan;
  plan.shapes.resize(inputs.size());
  plan.sources.resize(inputs.size());
  std::map<std::string, Binding> bound;
  // 1. --shape: the inputs it names, binding their symbolic names (a second size is a conflict).
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const auto& input = inputs[k];
    if (overrides.count(input.name) == 0) continue;
    plan.shapes[k] = resolve_shape(input, batch_size, overrides);
    for (std::size_t i = 0; i < input.shape.size(); ++i) {
      plan.sources[k].push_back(input.shape[i] > 0 ? DimSource::fixed : DimSource::shape_flag);
      const std::string& name = dim_name(input, i);
      if (name.empty()) continue;
      const std::int64_t size = plan.shapes[k][i];
      auto [it, fresh] = bound.try_emplace(name, Binding{size, DimSource::shape_flag, input.name});
      if (!fresh && it->second.size != size) {
        plan.conflicts.push_back({name, it->second.input, it->second.size, input.name, size});
      }
    }
  }
  // 3. The batch size binds the names of the dynamic dims 0 that --shape left free, before any
  // default: a name met first at another position still means the batch.
  for (const auto& input : inputs) {
    if (overrides.count(input.name) != 0 || input.shape.empty()) continue;
    const std::string& name = dim_name(input, 0);
    if (!name.empty()) bound.try_emplace(name, Binding{batch_size, DimSource::batch, input.name});
  }
  // 2 and 4. The other inputs: bound names, then the batch size or the positional default.
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const auto& input = inputs[k];
    if (overrides.count(input.name) != 0) continue;
    for (std::size_t i = 0; i < input.shape.size(); ++i) {
      if (input.shape[i] > 0) {
        plan.shapes[k].push_back(input.shape[i]);
        plan.sources[k].push_back(DimSource::fixed);
        continue;
      }
      Binding own{i == 0 ? batch_size : default_dynamic_dim(i), i == 0 ? DimSource::batch : DimSource::fallback,
                  input.name};
      const std::string& name = dim_name(input, i);
      const Binding& used = name.empty() ? own : bound.try_emplace(name, own).first->second;
      plan.shapes[k].push_back(used.size);
      plan.sources[k].push_back(used.source);
    }
  }
  return plan;
}

bool batch_size_applies(const std::vector<engine::TensorInfo>& inputs, const ShapeOverrides& overrides) {
  const ShapePlan plan = plan_shapes(inputs, 1, overrides);
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    if (!inputs[k].shape.empty() && plan.sources[k][0] == DimSource::batch) return true;
  }
  return false;
}

std::string conflict_warning(const DimConflict& conflict, const std::vector<engine::TensorInfo>& inputs,
                             const ShapeOverrides& overrides) {
  // The fix: the second input's --shape with every dim of that name at the first size.
  std::vector<std::int64_t> fixed = overrides.at(conflict.second_input);
  for (const auto& input : inputs) {
    if (input.name != conflict.second_input) continue;
    for (std::size_t i = 0; i < fixed.size(); ++i) {
      if (dim_name(input, i) == conflict.dim_name) fixed[i] = conflict.first_size;
    }
  }
  const std::string where =
      conflict.first_input == conflict.second_input
          ? fmt::format("twice in {}", printable(conflict.first_input))
          : fmt::format("in {} and {}", printable(conflict.first_input), printable(conflict.second_input));
  return fmt::format(
      "--shape gives the symbolic dim '{}' two sizes, {} and {} ({}): the model expects the dims that share a name "
      "to be equal, so the run may fail or measure shapes that do not fit together. Give them one size, e.g. "
      "--shape {}={}",
      printable(conflict.dim_name), conflict.first_size, conflict.second_size, where, printable(conflict.second_input),
      fmt::join(fixed, ","));
}

}  // namespace winml::generated_inputs
