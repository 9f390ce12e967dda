// The pure parsers of cpu_cores.h; reading the files is in cpu_cores_linux.cpp.
#include "platform/cpu_cores.h"

#include <charconv>
#include <set>
#include <string>
#include <utility>

#include "util/text_trim.h"

namespace winml::platform {
namespace {

bool parse_number(std::string_view text, unsigned& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::vector<unsigned> parse_cpu_list(std::string_view text) {
  text = trim(text);
  std::vector<unsigned> cpus;
  while (!text.empty()) {
    const std::size_t comma = text.find(',');
    const std::string_view part = text.substr(0, comma);
    text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    const std::size_t dash = part.find('-');
    unsigned first = 0;
    unsigned last = 0;
    if (!parse_number(part.substr(0, dash), first)) return {};
    last = first;
    if (dash != std::string_view::npos && !parse_number(part.substr(dash + 1), last)) return {};
    if (last < first || last - first > 1'000'000) return {};  // a range no kernel writes
    for (unsigned cpu = first; cpu <= last; ++cpu) cpus.push_back(cpu);
  }
  return cpus;
}

unsigned count_cpuinfo_cores(std::string_view cpuinfo) {
  // Each processor block lists "physical id" and "core id"; a block ends at an empty line.
  std::set<std::pair<std::string, std::string>> cores;
  std::string package;
  std::string core;
  auto flush = [&] {
    if (!core.empty()) cores.insert({package, core});
    package.clear();
    core.clear();
  };
  std::size_t pos = 0;
  while (pos <= cpuinfo.size()) {
    std::size_t end = cpuinfo.find('\n', pos);
    if (end == std::string_view::npos) end = cpuinfo.size();
    const std::string_view line = cpuinfo.substr(pos, end - pos);
    pos = end + 1;
    const std::size_t colon = line.find(':');
    if (trim(line).empty()) {
      flush();
      continue;
    }
    if (colon == std::string_view::npos) continue;
    const std::string_view key = trim(line.substr(0, colon));
    if (key == "physical id") package = std::string(trim(line.substr(colon + 1)));
    if (key == "core id") core = std::string(trim(line.substr(colon + 1)));
  }
  flush();
  return static_cast<unsigned>(cores.size());
}

}  // namespace winml::platform
