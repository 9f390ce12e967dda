#pragma once
/// \file
/// Generated inputs: integer and bool elements random 0/1, strings "0" or "1", floating-point
/// elements uniform in [0, 1) (truncated to the precision of the small float formats); a sequence
/// holds two tensors of one shape, an optional holds a value. Seeded, so two runs feed the same data.

#include <cstdint>
#include <vector>

#include "engine/engine.h"

namespace winml::generated_inputs {

/// Makes a tensor of `shape` for the tensor input `input` filled with seeded random data. Throws
/// UsageError, naming the input and its type in words, for a type ONNX Runtime cannot take.
engine::HostTensor random_tensor(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                                 std::uint64_t seed);

/// Makes a value for `input` (tensor, sequence or optional) whose tensors all have `shape`, the
/// shape resolved for tensor_info_of(input). Throws UsageError as random_tensor does.
engine::HostValue random_value(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                               std::uint64_t seed);

/// The tensor a value of `input` bottoms out in: the input itself, or the element of its
/// sequence or optional (recursively). Its shape rules are the ones a generated value follows.
const engine::TensorInfo& tensor_info_of(const engine::TensorInfo& input);

/// Bytes a value of `input` with tensors of `shape` takes (strings counted as 8 bytes an element). Throws UsageError
/// naming the input and its shape when that overflows or is more than `limit_bytes` (e.g. this machine's memory).
std::uint64_t checked_tensor_bytes(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                                   std::uint64_t limit_bytes);

/// Number of elements of a shape.
std::int64_t element_count(const std::vector<std::int64_t>& shape);

}  // namespace winml::generated_inputs
