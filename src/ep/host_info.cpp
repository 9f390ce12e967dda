#include "ep/host_info.h"

#include <sys/utsname.h>

#include <fstream>
#include <set>
#include <sstream>
#include <utility>

namespace winml::ep {
namespace {

std::string trim(std::string_view text) {
  auto begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  auto end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(begin, end - begin + 1));
}

// Calls fn(key, value) for each "key : value" line.
template <typename Fn>
void for_each_field(std::string_view text, Fn&& fn) {
  std::istringstream lines{std::string(text)};
  std::string line;
  while (std::getline(lines, line)) {
    auto colon = line.find(':');
    if (colon == std::string::npos) {
      fn(std::string(), std::string());  // blank line: processor blocks end here
      continue;
    }
    fn(trim(std::string_view(line).substr(0, colon)), trim(std::string_view(line).substr(colon + 1)));
  }
}

std::string read_text(const char* path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace

void parse_cpuinfo(std::string_view text, HostInfo& info) {
  int processors = 0;
  std::set<std::pair<std::string, std::string>> cores;
  std::string physical_id;
  std::string core_id;
  auto close_block = [&] {
    if (!core_id.empty()) cores.emplace(physical_id, core_id);
    physical_id.clear();
    core_id.clear();
  };
  for_each_field(text, [&](const std::string& key, const std::string& value) {
    if (key.empty()) {
      close_block();
    } else if (key == "processor") {
      close_block();
      ++processors;
    } else if (key == "model name" && info.cpu_model.empty()) {
      info.cpu_model = value;
    } else if (key == "physical id") {
      physical_id = value;
    } else if (key == "core id") {
      core_id = value;
    }
  });
  close_block();
  info.logical_cores = processors;
  // Virtual machines and some architectures omit core ids: every processor is then a core.
  info.physical_cores = cores.empty() ? processors : static_cast<int>(cores.size());
}

void parse_meminfo(std::string_view text, HostInfo& info) {
  for_each_field(text, [&](const std::string& key, const std::string& value) {
    if (key != "MemTotal" && key != "MemAvailable") return;
    std::istringstream fields(value);
    std::uint64_t amount = 0;
    std::string unit;
    if (!(fields >> amount)) return;
    fields >> unit;
    std::uint64_t bytes = unit == "kB" ? amount * 1024 : amount;
    (key == "MemTotal" ? info.memory_total_bytes : info.memory_available_bytes) = bytes;
  });
}

HostInfo read_host_info() {
  HostInfo info;
  parse_cpuinfo(read_text("/proc/cpuinfo"), info);
  parse_meminfo(read_text("/proc/meminfo"), info);
  struct utsname name {};
  if (::uname(&name) == 0) info.os = std::string(name.sysname) + " " + name.release + " " + name.machine;
  return info;
}

}  // namespace winml::ep
