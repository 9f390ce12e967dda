#include "roofline/tensor_bytes.h"

#include <fmt/format.h>

#include "winml/errors.h"

namespace winml::roofline {
namespace {

// 2^56 elements: an exabyte even at 4 bits each, so no real tensor is refused, and the byte count
// of any accepted one fits in 64 bits whatever its element width.
constexpr std::uint64_t kMaxElements = std::uint64_t{1} << 56;

}  // namespace

unsigned element_bits(std::int32_t data_type) {
  // onnx.TensorProto.DataType numbering (onnx.proto).
  switch (data_type) {
    case 1:   // FLOAT
    case 6:   // INT32
    case 12:  // UINT32
      return 32;
    case 2:   // UINT8
    case 3:   // INT8
    case 9:   // BOOL
    case 17:  // FLOAT8E4M3FN
    case 18:  // FLOAT8E4M3FNUZ
    case 19:  // FLOAT8E5M2
    case 20:  // FLOAT8E5M2FNUZ
    case 24:  // FLOAT8E8M0
      return 8;
    case 4:   // UINT16
    case 5:   // INT16
    case 10:  // FLOAT16
    case 16:  // BFLOAT16
      return 16;
    case 7:   // INT64
    case 11:  // DOUBLE
    case 13:  // UINT64
    case 14:  // COMPLEX64
      return 64;
    case 15:  // COMPLEX128
      return 128;
    case 21:  // UINT4
    case 22:  // INT4
    case 23:  // FLOAT4E2M1
      return 4;
    case 25:  // UINT2
    case 26:  // INT2
      return 2;
    default:  // 0 UNDEFINED, 8 STRING, and types newer than this table
      return 0;
  }
}

std::uint64_t element_count(std::span<const std::int64_t> dims) {
  std::uint64_t count = 1;
  for (std::int64_t d : dims) {
    if (d < 0) throw Error(ErrorCategory::runtime, fmt::format("a tensor has the negative dimension {}", d));
    const auto dim = static_cast<std::uint64_t>(d);
    if (dim != 0 && count > kMaxElements / dim) {
      throw Error(ErrorCategory::runtime, "a tensor claims more than 2^56 elements, more than any file can hold");
    }
    count *= dim;
  }
  return count;
}

std::uint64_t packed_bytes(std::int32_t data_type, std::uint64_t elements, const char* tensor) {
  const unsigned bits = element_bits(data_type);
  if (bits == 0) {
    throw Error(ErrorCategory::runtime,
                fmt::format("tensor '{}' has element type {} (a string, or a type newer than this winml), whose size "
                            "its header does not tell",
                            tensor, data_type));
  }
  // Split so the product stays exact: elements <= 2^56 and bits <= 128 keep it below 2^64.
  return elements / 8 * bits + (elements % 8 * bits + 7) / 8;
}

}  // namespace winml::roofline
