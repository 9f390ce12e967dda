#include "engine/element_values.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "engine/element_types.h"

namespace winml::engine {
namespace {

// How a small float format spends its top exponent: IEEE (infinities and NaNs), "fn" (no
// infinity; only all-ones is NaN), "fnuz" (no infinity, no negative zero; the negative-zero
// pattern is the NaN), or none at all (float4e2m1 is all finite numbers).
enum class Specials { ieee, fn, fnuz, none };

struct FloatFormat {
  int exponent_bits;
  int mantissa_bits;
  int bias;
  Specials specials;
};

bool small_float_format(ElementType type, FloatFormat& format) {
  switch (type) {
    case ElementType::float16:
      format = {5, 10, 15, Specials::ieee};
      return true;
    case ElementType::bfloat16:
      format = {8, 7, 127, Specials::ieee};
      return true;
    case ElementType::float8e4m3fn:
      format = {4, 3, 7, Specials::fn};
      return true;
    case ElementType::float8e4m3fnuz:
      format = {4, 3, 8, Specials::fnuz};
      return true;
    case ElementType::float8e5m2:
      format = {5, 2, 15, Specials::ieee};
      return true;
    case ElementType::float8e5m2fnuz:
      format = {5, 2, 16, Specials::fnuz};
      return true;
    case ElementType::float4e2m1:
      format = {2, 1, 1, Specials::none};
      return true;
    default:
      return false;
  }
}

double decode(std::uint32_t bits, const FloatFormat& f) {
  const std::uint32_t mantissa_mask = (1u << f.mantissa_bits) - 1;
  const std::uint32_t exponent_mask = (1u << f.exponent_bits) - 1;
  const bool negative = ((bits >> (f.exponent_bits + f.mantissa_bits)) & 1u) != 0;
  const std::uint32_t exponent = (bits >> f.mantissa_bits) & exponent_mask;
  const std::uint32_t mantissa = bits & mantissa_mask;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (f.specials == Specials::fnuz && negative && exponent == 0 && mantissa == 0) return nan;
  if (f.specials == Specials::fn && exponent == exponent_mask && mantissa == mantissa_mask) return nan;
  if (f.specials == Specials::ieee && exponent == exponent_mask) {
    if (mantissa != 0) return nan;
    return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  }
  const double magnitude = exponent == 0 ? std::ldexp(static_cast<double>(mantissa), 1 - f.bias - f.mantissa_bits)
                                         : std::ldexp(1.0 + std::ldexp(static_cast<double>(mantissa), -f.mantissa_bits),
                                                      static_cast<int>(exponent) - f.bias);
  return negative ? -magnitude : magnitude;
}

// Finite values only (generated data is in [0, 1)); the largest exponent is not clamped.
std::uint32_t encode(double value, const FloatFormat& f) {
  const std::uint32_t sign =
      std::signbit(value) && f.specials != Specials::fnuz ? 1u << (f.exponent_bits + f.mantissa_bits) : 0u;
  const double magnitude = std::fabs(value);
  if (magnitude == 0) return sign;
  const int exponent = std::ilogb(magnitude);
  if (exponent + f.bias >= 1) {
    const double fraction = std::ldexp(magnitude, -exponent) - 1.0;
    const auto mantissa = static_cast<std::uint32_t>(std::ldexp(fraction, f.mantissa_bits));
    return sign | (static_cast<std::uint32_t>(exponent + f.bias) << f.mantissa_bits) | mantissa;
  }
  const auto mantissa = static_cast<std::uint32_t>(std::ldexp(magnitude, f.bias - 1 + f.mantissa_bits));
  return sign | mantissa;
}

template <class T>
T load(const std::vector<std::byte>& data, std::size_t index) {
  T value{};
  std::memcpy(&value, data.data() + index * sizeof(T), sizeof(T));
  return value;
}

template <class T>
void store(std::vector<std::byte>& data, std::size_t index, T value) {
  std::memcpy(data.data() + index * sizeof(T), &value, sizeof(T));
}

std::uint32_t load_bits(ElementType type, const std::vector<std::byte>& data, std::size_t index) {
  switch (element_bits(type)) {
    case 4: {
      const auto byte = static_cast<std::uint32_t>(data.at(index / 2));
      return index % 2 == 0 ? byte & 0xfu : byte >> 4;
    }
    case 8:
      return static_cast<std::uint32_t>(data.at(index));
    default:
      return load<std::uint16_t>(data, index);
  }
}

void store_bits(ElementType type, std::vector<std::byte>& data, std::size_t index, std::uint32_t bits) {
  switch (element_bits(type)) {
    case 4: {
      auto& byte = data.at(index / 2);
      const unsigned shift = index % 2 == 0 ? 0 : 4;
      byte = static_cast<std::byte>((static_cast<unsigned>(byte) & ~(0xfu << shift)) | ((bits & 0xfu) << shift));
      return;
    }
    case 8:
      data.at(index) = static_cast<std::byte>(bits);
      return;
    default:
      store(data, index, static_cast<std::uint16_t>(bits));
  }
}

}  // namespace

long double read_element(ElementType type, const std::vector<std::byte>& data, std::size_t index) {
  if (FloatFormat format{}; small_float_format(type, format)) return decode(load_bits(type, data, index), format);
  switch (type) {
    case ElementType::float32:
      return load<float>(data, index);
    case ElementType::float64:
      return load<double>(data, index);
    case ElementType::int4: {
      const auto nibble = static_cast<int>(load_bits(type, data, index));
      return nibble >= 8 ? nibble - 16 : nibble;
    }
    case ElementType::uint4:
      return load_bits(type, data, index);
    case ElementType::int8:
      return load<std::int8_t>(data, index);
    case ElementType::uint8:
    case ElementType::boolean:
      return load<std::uint8_t>(data, index);
    case ElementType::int16:
      return load<std::int16_t>(data, index);
    case ElementType::uint16:
      return load<std::uint16_t>(data, index);
    case ElementType::int32:
      return load<std::int32_t>(data, index);
    case ElementType::uint32:
      return load<std::uint32_t>(data, index);
    case ElementType::int64:
      return static_cast<long double>(load<std::int64_t>(data, index));
    case ElementType::uint64:
      return static_cast<long double>(load<std::uint64_t>(data, index));
    default:
      throw std::logic_error("read_element: " + element_type_name(type) + " has no numeric elements");
  }
}

void write_element(ElementType type, std::vector<std::byte>& data, std::size_t index, double value) {
  if (FloatFormat format{}; small_float_format(type, format)) {
    store_bits(type, data, index, encode(value, format));
    return;
  }
  switch (type) {
    case ElementType::float32:
      return store(data, index, static_cast<float>(value));
    case ElementType::float64:
      return store(data, index, value);
    case ElementType::int4:
    case ElementType::uint4:
      return store_bits(type, data, index, static_cast<std::uint32_t>(static_cast<std::int32_t>(value)));
    case ElementType::int8:
      return store(data, index, static_cast<std::int8_t>(value));
    case ElementType::uint8:
    case ElementType::boolean:
      return store(data, index, static_cast<std::uint8_t>(value));
    case ElementType::int16:
      return store(data, index, static_cast<std::int16_t>(value));
    case ElementType::uint16:
      return store(data, index, static_cast<std::uint16_t>(value));
    case ElementType::int32:
      return store(data, index, static_cast<std::int32_t>(value));
    case ElementType::uint32:
      return store(data, index, static_cast<std::uint32_t>(value));
    case ElementType::int64:
      return store(data, index, static_cast<std::int64_t>(value));
    case ElementType::uint64:
      return store(data, index, static_cast<std::uint64_t>(value));
    default:
      throw std::logic_error("write_element: " + element_type_name(type) + " has no numeric elements");
  }
}

}  // namespace winml::engine
