#include "generated_inputs/input_shapes.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>

#include "util/plural.h"
#include "winml/errors.h"

namespace winml::generated_inputs {

void parse_shape_override(const std::string& text, ShapeOverrides& overrides) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw UsageError("--shape expects NAME=d0,d1,..., got '" + text + "'. Example: --shape input_ids=1,64");
  }
  std::vector<std::int64_t> dims;
  std::string_view rest(text.data() + eq + 1, text.size() - eq - 1);
  while (!rest.empty()) {
    auto comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    std::int64_t value = 0;
    auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (ec != std::errc() || end != item.data() + item.size() || value <= 0) {
      throw UsageError("--shape '" + text + "': every dimension must be a positive integer.");
    }
    dims.push_back(value);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  overrides[text.substr(0, eq)] = std::move(dims);
}

std::int64_t default_dynamic_dim(std::size_t index) {
  switch (index) {
    case 2:
    case 3:
      return 224;  // image-like inputs: NCHW height and width
    default:
      return 128;  // sequence length and everything else
  }
}

std::vector<std::int64_t> resolve_shape(const engine::TensorInfo& input, int batch_size,
                                        const ShapeOverrides& overrides) {
  if (auto it = overrides.find(input.name); it != overrides.end()) {
    const auto& given = it->second;
    if (given.size() != input.shape.size()) {
      throw UsageError(fmt::format("--shape {}: the input has rank {} (shape [{}]) but {} {} given.", input.name,
                                   input.shape.size(), fmt::join(input.shape, ","), count_of(given.size(), "dim"),
                                   agree(given.size(), "was", "were")));
    }
    for (std::size_t i = 0; i < given.size(); ++i) {
      if (input.shape[i] > 0 && input.shape[i] != given[i]) {
        throw UsageError(fmt::format("--shape {}: dim {} is fixed at {} by the model, not {}.", input.name, i,
                                     input.shape[i], given[i]));
      }
    }
    return given;
  }
  std::vector<std::int64_t> shape = input.shape;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] > 0) continue;
    shape[i] = i == 0 ? batch_size : default_dynamic_dim(i);
  }
  return shape;
}

bool batch_size_applies(const std::vector<engine::TensorInfo>& inputs, const ShapeOverrides& overrides) {
  for (const auto& input : inputs) {
    if (!input.shape.empty() && input.shape[0] <= 0 && overrides.count(input.name) == 0) return true;
  }
  return false;
}

void require_shape_fits(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                        const std::string& what) {
  std::vector<std::string> model_dims;
  for (auto dim : input.shape) model_dims.push_back(dim > 0 ? std::to_string(dim) : "?");
  const std::string expected =
      fmt::format("input '{}' has shape [{}] (? = any size)", input.name, fmt::join(model_dims, ","));
  if (shape.size() != input.shape.size()) {
    throw UsageError(fmt::format("{}: a tensor of shape [{}] does not fit: {}. Give a tensor of rank {}.", what,
                                 fmt::join(shape, ","), expected, input.shape.size()));
  }
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0 || (input.shape[i] > 0 && shape[i] != input.shape[i])) {
      throw UsageError(fmt::format("{}: a tensor of shape [{}] does not fit: {}, so dim {} cannot be {}.", what,
                                   fmt::join(shape, ","), expected, i, shape[i]));
    }
  }
}

void check_overrides_match(const std::vector<engine::TensorInfo>& inputs, const ShapeOverrides& overrides) {
  for (const auto& [name, dims] : overrides) {
    bool found = false;
    std::vector<std::string> names;
    for (const auto& input : inputs) {
      names.push_back(input.name);
      found = found || input.name == name;
    }
    if (!found) {
      throw UsageError(fmt::format("--shape names '{}', which is not an input of the model. Its inputs: {}.", name,
                                   fmt::join(names, ", ")));
    }
  }
}

}  // namespace winml::generated_inputs
