#include "report/power_text.h"

#include <fmt/format.h>

#include <cmath>

#include "util/printable.h"

namespace winml::report::text {

std::string power_text(const nlohmann::ordered_json& power) {
  const auto source = power.find("source");
  const std::string name = source != power.end() && source->is_string() ? source->get<std::string>() : "unknown";
  std::string out = name == "ac" ? "AC" : name == "battery" ? "battery" : "unknown";
  const auto level = power.find("battery_percent");
  if (level != power.end() && level->is_number()) {
    const double percent = std::round(level->get<double>());
    out += name == "battery" ? fmt::format(" {:.0f} %", percent) : fmt::format(" · battery {:.0f} %", percent);
  }
  const auto mode = power.find("mode");
  // A report read back comes from anywhere: its mode must not drive the terminal.
  if (mode != power.end() && mode->is_string()) out += " · power mode " + printable(mode->get<std::string>());
  return out;
}

}  // namespace winml::report::text
