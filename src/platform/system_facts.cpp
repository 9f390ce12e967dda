// The pure parsers of system_facts.h; reading the files is in system_facts_linux.cpp.
#include <initializer_list>

#include "platform/system_facts.h"
#include "util/text_trim.h"

namespace winml::platform {
namespace {

// Value of the first "key<sep>value" line whose trimmed key equals one of `keys`, in key order.
std::string find_value(std::string_view text, std::initializer_list<std::string_view> keys, char sep) {
  for (std::string_view key : keys) {
    std::size_t pos = 0;
    while (pos < text.size()) {
      std::size_t end = text.find('\n', pos);
      if (end == std::string_view::npos) end = text.size();
      const std::string_view line = text.substr(pos, end - pos);
      pos = end + 1;
      const std::size_t colon = line.find(sep);
      if (colon != std::string_view::npos && trim(line.substr(0, colon)) == key) {
        return std::string(trim(line.substr(colon + 1)));
      }
    }
  }
  return {};
}

}  // namespace

std::string parse_cpu_model(std::string_view cpuinfo) {
  return find_value(cpuinfo, {"model name", "Hardware", "Processor"}, ':');
}

std::uint64_t parse_mem_total(std::string_view meminfo) {
  const std::string value = find_value(meminfo, {"MemTotal"}, ':');  // "16318540 kB"
  try {
    return value.ends_with(" kB") ? std::stoull(value) * 1024 : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

std::string parse_os_pretty_name(std::string_view os_release) {
  std::string value = find_value(os_release, {"PRETTY_NAME"}, '=');
  if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
    value = value.substr(1, value.size() - 2);
  }
  return value;
}

}  // namespace winml::platform
