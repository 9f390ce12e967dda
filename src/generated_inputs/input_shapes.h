#pragma once
/// \file
/// --shape overrides and the checks one input's shape must pass. How the shapes of all generated
/// inputs are decided together (symbolic names, batch size, defaults): shape_plan.h.

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

/// The default size of dynamic dim `index` (index > 0; dim 0 is the batch): 224 for dims 2 and 3
/// (an image's height and width in NCHW), 128 for the others (a sequence length).
std::int64_t default_dynamic_dim(std::size_t index);

/// One input's shape on its own, without the names it shares with other inputs (plan_shapes decides
/// them together): an override as given, else the batch size for a dynamic dim 0 and
/// default_dynamic_dim for the other dynamic dims. An override must have the input's rank and
/// agree with its static dims (UsageError otherwise); a dynamic dim 0 in an override may be any
/// positive size.
std::vector<std::int64_t> resolve_shape(const engine::TensorInfo& input, int batch_size,
                                        const ShapeOverrides& overrides);

/// Throws UsageError, naming `what` (e.g. a file) and the input, when `shape` cannot be fed to
/// `input`: another rank, a negative dim, or a dim the model fixes at another size.
void require_shape_fits(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                        const std::string& what);

/// Throws UsageError when an override names no input of the model (listing the inputs).
void check_overrides_match(const std::vector<engine::TensorInfo>& inputs, const ShapeOverrides& overrides);

}  // namespace winml::generated_inputs
