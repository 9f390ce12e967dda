#pragma once
/// \file
/// Concrete shapes for a model's inputs: dynamic batch dim = batch size, other dynamic dims from
/// --shape overrides or defaults (dim 1: 128, dim 2: 224, dim 3: 224, others: 128).

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/engine.h"

namespace winml::generated_inputs {

/// Full shapes given by the user, by input name.
using ShapeOverrides = std::map<std::string, std::vector<std::int64_t>>;

/// Parses one --shape value "NAME=d0,d1,..." into overrides. Throws UsageError on bad syntax.
void parse_shape_override(const std::string& text, ShapeOverrides& overrides);

/// The default size of dynamic dim `index` (index > 0; dim 0 is the batch).
std::int64_t default_dynamic_dim(std::size_t index);

/// Resolves one input's shape. An override must have the input's rank and agree with its static
/// dims (UsageError otherwise); a dynamic dim 0 in an override may be any positive size.
std::vector<std::int64_t> resolve_shape(const engine::TensorInfo& input, int batch_size,
                                        const ShapeOverrides& overrides);

/// True when --batch-size reaches an input: one whose dim 0 is dynamic and not set by an override.
/// False means a batch size would change nothing (every batch dim fixed by the model or --shape).
bool batch_size_applies(const std::vector<engine::TensorInfo>& inputs, const ShapeOverrides& overrides);

/// Throws UsageError, naming `what` (e.g. a file) and the input, when `shape` cannot be fed to
/// `input`: another rank, a negative dim, or a dim the model fixes at another size.
void require_shape_fits(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                        const std::string& what);

/// Throws UsageError when an override names no input of the model (listing the inputs).
void check_overrides_match(const std::vector<engine::TensorInfo>& inputs, const ShapeOverrides& overrides);

}  // namespace winml::generated_inputs
