#pragma once
/// \file
/// Bytes of an ONNX tensor from its header alone: element count times the element type's width,
/// with sub-byte types (INT4, UINT4, FLOAT4E2M1, INT2, UINT2) at their packed width.

#include <cstdint>
#include <span>

namespace winml::roofline {

/// Bits one element of onnx.TensorProto.DataType `data_type` takes in storage; 0 for STRING and
/// for types this build does not know (their size cannot be told from the header).
unsigned element_bits(std::int32_t data_type);

/// Elements of a tensor of shape `dims` (1 for a scalar). Throws winml::Error (runtime) for a
/// negative dimension or a count past 2^56.
std::uint64_t element_count(std::span<const std::int64_t> dims);

/// Bytes `elements` elements of `data_type` take, packed: ceil(elements x bits / 8). Throws
/// winml::Error (runtime) naming `tensor` for a type whose width element_bits() does not know.
std::uint64_t packed_bytes(std::int32_t data_type, std::uint64_t elements, const char* tensor);

}  // namespace winml::roofline
