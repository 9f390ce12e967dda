#include "counters.h"

#include <fcntl.h>
#include <unistd.h>

#include "names.h"

namespace winml_test_ep {

std::string to_json_line(const Counters& counters) {
  std::string line = std::string("{\"ep\":\"") + kEpName + "\",\"devices\":[";
  for (std::size_t i = 0; i < counters.devices.size(); ++i) {
    line += std::string(i ? "," : "") + "\"" + to_string(counters.devices[i]) + "\"";
  }
  line += "],\"nodes_claimed\":" + std::to_string(counters.nodes_claimed.load());
  line += ",\"kernel_runs\":" + std::to_string(counters.kernel_runs.load());
  line += std::string(",\"from_context\":") + (counters.from_context.load() ? "true" : "false") + "}\n";
  return line;
}

void append_line(const std::string& path, const std::string& line) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return;
  [[maybe_unused]] const ssize_t written = ::write(fd, line.data(), line.size());
  ::close(fd);
}

}  // namespace winml_test_ep
