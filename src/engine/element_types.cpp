#include "engine/element_types.h"

#include <array>

namespace winml::engine {
namespace {

struct TypeFacts {
  ElementType type;
  int code;  // ONNX's TensorProto.DataType number
  const char* name;
  int bits;
};

constexpr std::array<TypeFacts, 21> kTypes{{
    {ElementType::float32, 1, "float", 32},
    {ElementType::uint8, 2, "uint8", 8},
    {ElementType::int8, 3, "int8", 8},
    {ElementType::uint16, 4, "uint16", 16},
    {ElementType::int16, 5, "int16", 16},
    {ElementType::int32, 6, "int32", 32},
    {ElementType::int64, 7, "int64", 64},
    {ElementType::string, 8, "string", 0},
    {ElementType::boolean, 9, "bool", 8},
    {ElementType::float16, 10, "float16", 16},
    {ElementType::float64, 11, "double", 64},
    {ElementType::uint32, 12, "uint32", 32},
    {ElementType::uint64, 13, "uint64", 64},
    {ElementType::bfloat16, 16, "bfloat16", 16},
    {ElementType::float8e4m3fn, 17, "float8e4m3fn", 8},
    {ElementType::float8e4m3fnuz, 18, "float8e4m3fnuz", 8},
    {ElementType::float8e5m2, 19, "float8e5m2", 8},
    {ElementType::float8e5m2fnuz, 20, "float8e5m2fnuz", 8},
    {ElementType::uint4, 21, "uint4", 4},
    {ElementType::int4, 22, "int4", 4},
    {ElementType::float4e2m1, 23, "float4e2m1", 4},
}};

const TypeFacts* find(ElementType type) {
  for (const auto& facts : kTypes) {
    if (facts.type == type) return &facts;
  }
  return nullptr;
}

}  // namespace

int onnx_code(ElementType type) {
  const TypeFacts* facts = find(type);
  return facts == nullptr ? 0 : facts->code;
}

std::optional<ElementType> element_type_from_onnx(int code) {
  for (const auto& facts : kTypes) {
    if (facts.code == code) return facts.type;
  }
  return std::nullopt;
}

std::string onnx_type_name(int code) {
  for (const auto& facts : kTypes) {
    if (facts.code == code) return facts.name;
  }
  // Types ONNX defines that winml holds no values of.
  switch (code) {
    case 0:
      return "undefined";
    case 14:
      return "complex64";
    case 15:
      return "complex128";
    default:
      return "ONNX type " + std::to_string(code);
  }
}

std::string element_type_name(ElementType type) {
  const TypeFacts* facts = find(type);
  return facts == nullptr ? "other" : facts->name;
}

int element_bits(ElementType type) {
  const TypeFacts* facts = find(type);
  return facts == nullptr ? 0 : facts->bits;
}

std::size_t tensor_byte_size(ElementType type, std::uint64_t count) {
  const auto bits = static_cast<std::uint64_t>(element_bits(type));
  return static_cast<std::size_t>((count * bits + 7) / 8);
}

bool is_floating_point(ElementType type) {
  switch (type) {
    case ElementType::float32:
    case ElementType::float16:
    case ElementType::bfloat16:
    case ElementType::float64:
    case ElementType::float8e4m3fn:
    case ElementType::float8e4m3fnuz:
    case ElementType::float8e5m2:
    case ElementType::float8e5m2fnuz:
    case ElementType::float4e2m1:
      return true;
    default:
      return false;
  }
}

}  // namespace winml::engine
