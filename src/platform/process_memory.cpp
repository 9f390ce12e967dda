// The pure parser of process_memory.h; reading the file is in process_memory_linux.cpp.
#include "platform/process_memory.h"

#include <charconv>
#include <string>

namespace winml::platform {
namespace {

// Value of a "Key:   123 kB" line in bytes, or 0 when the line is absent or not in kB (the
// kernel always writes kB; anything else means the format changed and guessing would mislead).
std::uint64_t kib_field(std::string_view text, std::string_view key) {
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    if (line.size() <= key.size() || line.substr(0, key.size()) != key || line[key.size()] != ':') continue;
    line.remove_prefix(key.size() + 1);
    const std::size_t digits = line.find_first_not_of(" \t");
    if (digits == std::string_view::npos) return 0;
    line.remove_prefix(digits);
    std::uint64_t kib = 0;
    auto [rest, ec] = std::from_chars(line.data(), line.data() + line.size(), kib);
    if (ec != std::errc() || std::string_view(rest, line.data() + line.size() - rest) != " kB") return 0;
    return kib * 1024;
  }
  return 0;
}

}  // namespace

ProcessMemory parse_proc_status(std::string_view status) {
  return {kib_field(status, "VmRSS"), kib_field(status, "VmHWM")};
}

}  // namespace winml::platform
