#include "util/plural.h"

#include <fmt/format.h>

namespace winml {

std::string count_of(std::size_t n, std::string_view noun) {
  return fmt::format("{} {}{}", n, noun, agree(n, "", "s"));
}

std::string count_of(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, agree(n, one, many));
}

}  // namespace winml
