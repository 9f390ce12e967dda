#pragma once
/// \file
/// English count grammar for messages: "1 output matches", "2 outputs match". Every message that
/// puts a number before a noun goes through here, so none says "1 outputs".

#include <cstddef>
#include <string>
#include <string_view>

namespace winml {

/// `one` when n is 1, else `many`: the form of a noun or verb that agrees with a count of n
/// ("matches" / "match", "has" / "have", "it" / "them").
inline std::string_view agree(std::size_t n, std::string_view one, std::string_view many) {
  return n == 1 ? one : many;
}

/// "1 output", "2 outputs", "0 outputs": n and `noun`, with an s unless n is 1.
std::string count_of(std::size_t n, std::string_view noun);

/// "1 match", "2 matches": n and `one` or `many`, for a noun whose plural is not noun + "s".
std::string count_of(std::size_t n, std::string_view one, std::string_view many);

}  // namespace winml
