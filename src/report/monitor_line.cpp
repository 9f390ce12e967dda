#include "report/monitor_line.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "report/text_units.h"

namespace winml::report {

std::string monitor_line(const std::optional<resources::Sample>& previous, const resources::Sample& current,
                         unsigned logical_cores) {
  std::vector<std::string> fields;
  const double interval_s = previous ? current.t_s - previous->t_s : 0;
  if (interval_s > 0) {
    // Counters read on different clocks can step back by a rounding: never a negative use.
    fields.push_back(
        fmt::format("CPU {:.2f} cores", std::max(0.0, (current.process_cpu_s - previous->process_cpu_s) / interval_s)));
    const double total_s = current.machine_total_s - previous->machine_total_s;
    if (current.machine_total_s > 0 && previous->machine_total_s > 0 && total_s > 0) {
      const double busy_share = std::clamp((current.machine_busy_s - previous->machine_busy_s) / total_s, 0.0, 1.0);
      fields.push_back(logical_cores > 0
                           ? fmt::format("machine {:.2f} of {} cores", busy_share * logical_cores, logical_cores)
                           : fmt::format("machine {:.0f} %", busy_share * 100));
    }
  }
  if (current.rss_bytes > 0) fields.push_back("RSS " + text::bytes(current.rss_bytes));
  if (current.device_utilisation) {
    fields.push_back(fmt::format("device {:.0f} %", std::clamp(*current.device_utilisation, 0.0, 1.0) * 100));
  }
  if (current.device_memory_bytes) {
    // A reading of none in use is 0 B; bytes() keeps "n/a" for a figure never measured.
    const std::uint64_t used = *current.device_memory_bytes;
    fields.push_back("device memory " + (used > 0 ? text::bytes(used) : std::string("0 B")));
  }
  if (interval_s > 0 && current.energy_j && previous->energy_j) {
    fields.push_back(
        fmt::format("power {:.1f} W", std::max(0.0, (*current.energy_j - *previous->energy_j) / interval_s)));
  }
  std::string line = "monitor:";
  for (std::size_t i = 0; i < fields.size(); ++i) line += (i == 0 ? " " : " | ") + fields[i];
  return line;
}

}  // namespace winml::report
