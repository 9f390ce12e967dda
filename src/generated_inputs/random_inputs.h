#pragma once
/// \file
/// Generated input tensors: integer and bool inputs random 0/1, floating-point inputs uniform
/// in [0, 1). Seeded, so two runs feed the same data.

#include <cstdint>
#include <vector>

#include "engine/engine.h"

namespace winml::generated_inputs {

/// Makes a tensor of `shape` for `input` filled with seeded random data. Throws UsageError for
/// element types winml cannot generate (naming the input and suggesting --input-data).
engine::HostTensor random_tensor(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                                 std::uint64_t seed);

/// Bytes a tensor of `shape` takes for `input`'s type. Throws UsageError naming the input and its
/// shape when that overflows or is more than `limit_bytes` (e.g. this machine's memory).
std::uint64_t checked_tensor_bytes(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                                   std::uint64_t limit_bytes);

/// Number of elements of a shape.
std::int64_t element_count(const std::vector<std::int64_t>& shape);

/// Bytes per element of a type (0 for `other`).
std::size_t element_size(engine::ElementType type);

}  // namespace winml::generated_inputs
