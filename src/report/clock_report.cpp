#include "report/clock_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

// A drop to 0.01 %, as every report has it.
std::optional<double> reported_drop(const perf::ClockCheck& check) {
  const auto drop = perf::clock_drop_percent(check);
  return drop ? std::optional<double>(std::round(*drop * 100.0) / 100.0) : std::nullopt;
}

// MHz to 0.001 MHz (the kHz cpufreq counts in), so reports do not carry binary noise.
double mhz(double value) { return std::round(value * 1000.0) / 1000.0; }

Json reading_json(const platform::CpuClockReading& reading) {
  if (!reading.known()) return nullptr;
  return {{"mean", mhz(reading.mean_mhz)}, {"min", mhz(reading.min_mhz)}, {"cores", reading.cores}};
}

template <class T>
Json or_null(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

}  // namespace

Json clock_json(const std::vector<perf::ClockCheck>& checks) {
  Json runs = Json::array();
  for (const perf::ClockCheck& check : checks) {
    runs.push_back({{"round", check.round},
                    {"before_mhz", reading_json(check.before)},
                    {"after_mhz", reading_json(check.after)},
                    {"drop_percent", or_null(reported_drop(check))},
                    {"throttled", or_null(perf::throttled(check))}});
  }
  return {{"threshold_percent", perf::kThrottleDropPercent},
          {"throttled", or_null(perf::any_throttled(checks))},
          {"runs", runs}};
}

std::string clock_text(const perf::ClockCheck& check) {
  const auto drop = perf::clock_drop_percent(check);
  if (!drop) return "unknown (the system does not report the CPU clock)";
  const bool throttled = *drop > perf::kThrottleDropPercent;
  return fmt::format("mean {:.0f} → {:.0f} MHz (min {:.0f} → {:.0f} MHz) · {} {:.1f} %{}", check.before.mean_mhz,
                     check.after.mean_mhz, check.before.min_mhz, check.after.min_mhz, *drop >= 0 ? "fell" : "rose",
                     std::abs(*drop), throttled ? ": throttled" : ": steady");
}

void add_clock_rows(text::Table& table, const std::vector<perf::ClockCheck>& checks) {
  if (!checks.empty() && !perf::any_throttled(checks)) {  // no run could read it: one line says so
    table.add_row({"CPU clock", clock_text(checks.front())});
    return;
  }
  for (std::size_t i = 0; i < checks.size(); ++i) {
    const std::string round = checks.size() > 1 ? fmt::format("round {}: ", checks[i].round) : std::string();
    table.add_row({i == 0 ? "CPU clock" : "", round + clock_text(checks[i])});
  }
}

std::optional<double> worst_clock_drop_percent(const std::vector<perf::ClockCheck>& checks) {
  std::optional<double> worst;
  for (const perf::ClockCheck& check : checks) {
    if (const auto drop = reported_drop(check)) worst = std::max(worst.value_or(*drop), *drop);
  }
  return worst;
}

std::string clock_cell(const std::vector<perf::ClockCheck>& checks) {
  const auto throttled = perf::any_throttled(checks);
  if (!throttled) return "unknown";
  return *throttled ? "throttled" : "steady";
}

}  // namespace winml::report
