#include "storage/digest.h"

#include <cstdint>

#include <fmt/format.h>

namespace winml::storage {

std::string digest(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;  // FNV-1a 64-bit offset basis
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ULL;  // FNV-1a 64-bit prime
  }
  return fmt::format("{:016x}", hash);
}

}  // namespace winml::storage
