#pragma once
/// \file
/// What the console says about generated inputs before a single-model benchmark runs: every
/// input's shape, with the symbolic names of its dynamic dims, and which dims took a default.

#include <string>
#include <vector>

#include "engine/engine.h"
#include "generated_inputs/shape_plan.h"

namespace winml::generated_inputs {

/// "generated inputs:", then one line per input, its columns aligned:
///   "  attention_mask  int64  [batch_size=1, total_sequence_length=128]"
/// (a dynamic dim without a name shows as "?=128"), then, when some dynamic dims took the default
/// for their position, one line naming them and the flag that sets them. `inputs` are the tensor
/// infos plan_shapes was given (their type_name is shown).
std::vector<std::string> describe_plan(const std::vector<engine::TensorInfo>& inputs, const ShapePlan& plan);

}  // namespace winml::generated_inputs
