#include "generated_inputs/random_inputs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <random>

#include "engine/element_types.h"
#include "engine/element_values.h"
#include "winml/errors.h"

namespace winml::generated_inputs {
namespace {

using engine::ElementType;
using engine::HostValue;
using engine::ValueKind;

// Elements of a generated sequence: more than one, so that positions and concatenations have
// something to work on, and all of one shape, so that every sequence operation accepts them.
constexpr std::size_t kSequenceLength = 2;

// The tensor type a value bottoms out in (a sequence's or optional's element, recursively).
const engine::TensorInfo& innermost(const engine::TensorInfo& input) {
  return input.kind == ValueKind::tensor || input.contained.empty() ? input : innermost(input.contained.front());
}

}  // namespace

std::int64_t element_count(const std::vector<std::int64_t>& shape) {
  std::int64_t count = 1;
  for (auto dim : shape) count *= dim;
  return count;
}

std::uint64_t checked_tensor_bytes(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                                   std::uint64_t limit_bytes) {
  // Multiplied step by step against the limit, so a product past 2^64 cannot wrap into a small one.
  // Bytes per element, rounded up (a 4-bit element counts as a byte, a string's pointer as 8).
  const auto& tensor = innermost(input);
  const int bits = tensor.type == ElementType::string ? 64 : engine::element_bits(tensor.type);
  std::uint64_t bytes = std::max<std::uint64_t>(static_cast<std::uint64_t>(bits) / 8, 1);
  if (input.kind == ValueKind::sequence) bytes *= kSequenceLength;
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
  if (input.kind != ValueKind::tensor || input.type == ElementType::other) {
    throw UsageError("input '" + input.name + "' has type " + input.type_name +
                     ", which ONNX Runtime's API cannot feed, so winml can neither generate nor read it.");
  }
  engine::HostTensor tensor{input.name, input.type, shape, {}, {}};
  const auto count = static_cast<std::size_t>(element_count(shape));
  std::mt19937_64 rng(seed);
  if (input.type == ElementType::string) {
    for (std::size_t i = 0; i < count; ++i) tensor.strings.push_back((rng() & 1u) != 0 ? "1" : "0");
    return tensor;
  }
  tensor.data.resize(engine::tensor_byte_size(input.type, count));
  // 53 random bits scaled to [0, 1): same values on every platform, unlike uniform_real_distribution.
  auto unit = [&rng] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  const bool floating = engine::is_floating_point(input.type);
  for (std::size_t i = 0; i < count; ++i) {
    // Integers and bools: 0 or 1, valid as token ids, masks and indices alike.
    engine::write_element(input.type, tensor.data, i, floating ? unit() : static_cast<double>(rng() & 1u));
  }
  return tensor;
}

engine::HostValue random_value(const engine::TensorInfo& input, const std::vector<std::int64_t>& shape,
                               std::uint64_t seed) {
  HostValue value{input.name, input.kind, {}, {}};
  switch (input.kind) {
    case ValueKind::tensor:
      value.tensor = random_tensor(input, shape, seed);
      return value;
    case ValueKind::sequence:
    case ValueKind::optional: {
      engine::TensorInfo element = input.contained.front();
      element.name = input.name;
      const std::size_t length = input.kind == ValueKind::sequence ? kSequenceLength : 1;
      // Each element its own seed, derived from the input's so that two runs still feed the same data.
      std::mt19937_64 seeds(seed);
      for (std::size_t i = 0; i < length; ++i) value.elements.push_back(random_value(element, shape, seeds()));
      return value;
    }
    case ValueKind::other:
      break;
  }
  throw UsageError("input '" + input.name + "' has type " + input.type_name +
                   ", which ONNX Runtime's API cannot feed, so winml can neither generate nor read it.");
}

const engine::TensorInfo& tensor_info_of(const engine::TensorInfo& input) { return innermost(input); }

}  // namespace winml::generated_inputs
