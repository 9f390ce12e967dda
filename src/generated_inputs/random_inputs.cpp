#include "generated_inputs/random_inputs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "winml/errors.h"

namespace winml::generated_inputs {
namespace {

using engine::ElementType;

// IEEE half from a float in [0, 1): exact enough for random test data.
std::uint16_t to_half(float value) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  std::uint32_t sign = (bits >> 16) & 0x8000u;
  int exponent = static_cast<int>((bits >> 23) & 0xff) - 127 + 15;
  std::uint32_t mantissa = bits & 0x7fffffu;
  if (exponent <= 0) return static_cast<std::uint16_t>(sign);  // flush tiny values to zero
  return static_cast<std::uint16_t>(sign | (static_cast<std::uint32_t>(exponent) << 10) | (mantissa >> 13));
}

template <class T>
void store(std::vector<std::byte>& data, std::size_t index, T value) {
  std::memcpy(data.data() + index * sizeof(T), &value, sizeof(T));
}

}  // namespace

std::int64_t element_count(const std::vector<std::int64_t>& shape) {
  std::int64_t count = 1;
  for (auto dim : shape) count *= dim;
  return count;
}

std::size_t element_size(ElementType type) {
  switch (type) {
    case ElementType::float64:
    case ElementType::int64:
      return 8;
    case ElementType::float32:
    case ElementType::int32:
      return 4;
    case ElementType::float16:
    case ElementType::int16:
    case ElementType::uint16:
      return 2;
    case ElementType::int8:
    case ElementType::uint8:
    case ElementType::boolean:
      return 1;
    case ElementType::other:
      return 0;
  }
  return 0;
}

std::uint64_t checked_tensor_bytes(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                                   std::uint64_t limit_bytes) {
  // Multiplied step by step against the limit, so a product past 2^64 cannot wrap into a small one.
  std::uint64_t bytes = std::max<std::uint64_t>(element_size(input.type), 1);
  bool too_large = false;
  for (auto dim : shape) {
    if (dim < 0) throw UsageError(fmt::format("input '{}': dim {} is negative.", input.name, dim));
    auto size = static_cast<std::uint64_t>(dim);
    if (size != 0 && bytes > limit_bytes / size) too_large = true;
    bytes = too_large ? bytes : bytes * size;
  }
  if (too_large || bytes > limit_bytes) {
    throw UsageError(fmt::format(
        "input '{}' of shape [{}] would not fit in memory (more than the {:.1f} GiB this "
        "machine has). Use smaller dims with --shape or a smaller --batch-size.",
        input.name, fmt::join(shape, ","), static_cast<double>(limit_bytes) / static_cast<double>(1ull << 30)));
  }
  return bytes;
}

engine::HostTensor random_tensor(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                                 std::uint64_t seed) {
  std::size_t size = element_size(input.type);
  if (size == 0) {
    throw UsageError("input '" + input.name + "' has type " + input.type_name +
                     ", which winml cannot generate. Supply real data with --input-data DIR.");
  }
  engine::HostTensor tensor{input.name, input.type, shape, {}};
  auto count = static_cast<std::size_t>(element_count(shape));
  tensor.data.resize(count * size);
  std::mt19937_64 rng(seed);
  // 53 random bits scaled to [0, 1): same values on every platform, unlike uniform_real_distribution.
  auto unit = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  for (std::size_t i = 0; i < count; ++i) {
    switch (input.type) {
      case ElementType::float32:
        store(tensor.data, i, static_cast<float>(unit()));
        break;
      case ElementType::float64:
        store(tensor.data, i, unit());
        break;
      case ElementType::float16:
        store(tensor.data, i, to_half(static_cast<float>(unit())));
        break;
      default: {
        // Integers and bools: 0 or 1, valid as token ids, masks and indices alike.
        std::uint64_t bit = rng() & 1u;
        switch (size) {
          case 8:
            store(tensor.data, i, static_cast<std::int64_t>(bit));
            break;
          case 4:
            store(tensor.data, i, static_cast<std::int32_t>(bit));
            break;
          case 2:
            store(tensor.data, i, static_cast<std::int16_t>(bit));
            break;
          default:
            store(tensor.data, i, static_cast<std::uint8_t>(bit));
        }
      }
    }
  }
  return tensor;
}

}  // namespace winml::generated_inputs
