#pragma once
/// \file
/// Facts about tensor element types, keyed by ONNX's numbering (TensorProto.DataType, which ONNX
/// Runtime's ONNXTensorElementDataType shares): the name in words, the size in bits. Plain C++,
/// shared by the engine plugin, the file readers, the input generator and output validation.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/engine.h"

namespace winml::engine {

/// ONNX's number for `type` (0 for `other`).
int onnx_code(ElementType type);

/// The element type ONNX numbers `code`, or nullopt for a type winml cannot hold (complex, unknown).
std::optional<ElementType> element_type_from_onnx(int code);

/// The type in words as ONNX spells it ("float", "uint64", "float8e4m3fn", "complex64"); any
/// ONNX number, so messages never show a bare number ("ONNX type 99" only for an unknown one).
std::string onnx_type_name(int code);

/// The name of one of our element types ("other" for `other`).
std::string element_type_name(ElementType type);

/// Bits per element: 4 for the packed 4-bit types, 0 for string and `other`.
int element_bits(ElementType type);

/// Bytes a tensor of `count` elements takes (4-bit types: two per byte, rounded up; 0 for strings).
std::size_t tensor_byte_size(ElementType type, std::uint64_t count);

/// True for floating-point types (float, double, float16, bfloat16, the float8 and float4 types).
bool is_floating_point(ElementType type);

}  // namespace winml::engine
