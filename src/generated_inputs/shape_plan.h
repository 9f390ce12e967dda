#pragma once
/// \file
/// The shapes of every generated input of a model, decided together so that inputs fit each
/// other: a symbolic dim (ONNX dim_param, e.g. "sequence_length") has one size wherever it
/// appears. The rule (docs/metrics.md, "Inputs"), by precedence:
///   1. an input named by --shape takes the given shape; each of its symbolic dims binds its name
///      to the given size;
///   2. a dynamic dim whose name is bound takes that size;
///   3. a dynamic dim 0 takes the batch size (--batch-size), binding its name;
///   4. any other dynamic dim takes the default for its position (default_dynamic_dim), binding
///      its name, so the same name elsewhere takes the same default.
/// Only --shape can give one name two sizes; that is reported as a conflict, not refused.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "generated_inputs/input_shapes.h"

namespace winml::generated_inputs {

/// How a dynamic dim got its size.
enum class DimSource {
  fixed,       ///< a static dim of the model (not dynamic)
  shape_flag,  ///< --shape, on this input or on another sharing the dim's name
  batch,       ///< the batch size (dim 0, or a name a dim 0 bound)
  fallback,    ///< the default for its position
};

/// Two --shape values for one symbolic name.
struct DimConflict {
  std::string dim_name;      ///< the symbolic name
  std::string first_input;   ///< the input that bound it first
  std::int64_t first_size;   ///< its size there
  std::string second_input;  ///< the input that gives it another size (may be first_input)
  std::int64_t second_size;  ///< that size
};

/// The shapes of all inputs, in model order, and how each dim got its size.
struct ShapePlan {
  std::vector<std::vector<std::int64_t>> shapes;  ///< one per input
  std::vector<std::vector<DimSource>> sources;    ///< one per dim of each shape
  std::vector<DimConflict> conflicts;             ///< in the order met
};

/// Applies the rule above to `inputs` (tensor infos: a sequence or optional input is described by
/// the tensor it holds, under the input's name). Throws UsageError as resolve_shape does for an
/// override of the wrong rank or one contradicting a static dim.
ShapePlan plan_shapes(const std::vector<engine::TensorInfo>& inputs, int batch_size, const ShapeOverrides& overrides);

/// True when --batch-size reaches an input: a dynamic dim 0 that plan_shapes gives the batch size.
/// False means a batch size would change nothing (every batch dim fixed by the model, by --shape,
/// or by a name --shape binds).
bool batch_size_applies(const std::vector<engine::TensorInfo>& inputs, const ShapeOverrides& overrides);

/// The warning for a conflict: both inputs, both sizes, and the --shape that makes them agree.
std::string conflict_warning(const DimConflict& conflict, const std::vector<engine::TensorInfo>& inputs,
                             const ShapeOverrides& overrides);

}  // namespace winml::generated_inputs
