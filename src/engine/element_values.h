#pragma once
/// \file
/// One element of a tensor's bytes as a number, and back: every numeric element type, the 4-bit
/// types packed two to a byte (first element in the low nibble), the 16-, 8- and 4-bit float
/// formats decoded by their own rules (which have infinities, which NaNs). Plain C++.

#include <cstddef>
#include <vector>

#include "engine/engine.h"

namespace winml::engine {

/// Element `index` of `data` (a tensor of `type`) as a number: exact for every integer type
/// (long double holds 64-bit integers), NaN and infinities as the format defines them.
/// `type` must not be string or other.
long double read_element(ElementType type, const std::vector<std::byte>& data, std::size_t index);

/// Stores `value` as element `index` of `data` (already sized for the tensor): integers truncate
/// toward zero, the small float formats truncate to their precision and flush what is below
/// their smallest subnormal to zero. `type` must not be string or other.
void write_element(ElementType type, std::vector<std::byte>& data, std::size_t index, double value);

}  // namespace winml::engine
