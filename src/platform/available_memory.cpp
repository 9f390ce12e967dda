// The pure parser of available_memory.h; reading the file is in available_memory_linux.cpp.
#include "platform/available_memory.h"

#include <charconv>
#include <limits>

#include "util/text_trim.h"

namespace winml::platform {

std::uint64_t parse_mem_available(std::string_view meminfo) {
  constexpr std::string_view kKey = "MemAvailable:";
  std::size_t pos = 0;
  while (pos < meminfo.size()) {
    std::size_t end = meminfo.find('\n', pos);
    if (end == std::string_view::npos) end = meminfo.size();
    const std::string_view line = meminfo.substr(pos, end - pos);
    pos = end + 1;
    if (!line.starts_with(kKey)) continue;
    const std::string_view value = trim(line.substr(kKey.size()));  // "12345678 kB"
    if (!value.ends_with(" kB")) return 0;
    const std::string_view digits = trim(value.substr(0, value.size() - 3));
    std::uint64_t kib = 0;
    auto [last, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), kib);
    if (digits.empty() || ec != std::errc() || last != digits.data() + digits.size()) return 0;
    if (kib > std::numeric_limits<std::uint64_t>::max() / 1024) return 0;
    return kib * 1024;
  }
  return 0;
}

}  // namespace winml::platform
