#include "perf/machine_info.h"

#include <sys/utsname.h>

#include <fstream>
#include <sstream>

#include "platform/cpu_cores.h"
#include "winml_build_info.h"

namespace winml::perf {
namespace {

std::string read_text(const char* path) {
  std::ifstream in(path);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string_view trim(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  const std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

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

bool is_optimized_build(std::string_view build_type) {
  return build_type == "Release" || build_type == "RelWithDebInfo" || build_type == "MinSizeRel";
}

MachineInfo collect_machine_info() {
  MachineInfo info;
  info.cpu_model = parse_cpu_model(read_text("/proc/cpuinfo"));
  const platform::CpuCores cores = platform::read_cpu_cores();
  info.logical_cores = cores.logical;
  info.physical_cores = cores.physical;
  info.memory_total_bytes = parse_mem_total(read_text("/proc/meminfo"));
  std::string os_release = read_text("/etc/os-release");
  if (os_release.empty()) os_release = read_text("/usr/lib/os-release");  // the os-release(5) fallback
  info.os = parse_os_pretty_name(os_release);
  struct utsname names {};
  if (::uname(&names) == 0) {
    info.kernel = std::string(names.sysname) + " " + names.release;
    info.arch = names.machine;
  }
  // Only the loaded libraries can say which versions run (see the header); never the build's pin.
  info.onnxruntime_version = "unknown";
  info.genai_version = "unknown";
  info.winml_version = WINML_VERSION_STRING;
  info.winml_commit = WINML_GIT_COMMIT;
  info.build_type = WINML_BUILD_TYPE;
  return info;
}

}  // namespace winml::perf
