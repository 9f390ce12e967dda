#include "report/text_sections.h"

#include <fmt/format.h>

#include "perf/percentile_list.h"
#include "report/text_units.h"
#include "report/threads_text.h"

namespace winml::report::text {

std::vector<std::string> stats_header(const std::vector<double>& percentiles) {
  std::vector<std::string> header = {"metric", "n", "mean", "min", "max"};
  for (double p : percentiles) header.push_back(perf::percentile_label(p));
  header.push_back("stddev");
  return header;
}

namespace {

template <typename Format>
std::vector<std::string> row(const std::string& label, const perf::Summary& s, Format format) {
  if (s.count == 0) {
    std::vector<std::string> cells = {label, "0"};
    cells.resize(5 + s.percentiles.size() + 1, "-");  // mean, min, max, the percentiles, stddev
    return cells;
  }
  std::vector<std::string> cells = {label, std::to_string(s.count), format(s.mean), format(s.min), format(s.max)};
  for (const perf::PercentileValue& v : s.percentiles) cells.push_back(format(v.value));
  cells.push_back(format(s.stddev));
  return cells;
}

}  // namespace

std::vector<std::string> duration_row(const std::string& label, const perf::Summary& s) {
  // One unit per row, chosen from the mean, so a row's cells compare at a glance.
  const TimeUnit unit = pick_time_unit(s.mean);
  return row(label, s, [unit](double v) { return duration(v, unit); });
}

std::vector<std::string> rate_row(const std::string& label, const perf::Summary& s, const char* unit) {
  return row(label, s, [unit](double v) { return rate(v, unit); });
}

void add_machine_rows(Table& table, const perf::MachineInfo& m) {
  table.add_row({"machine", fmt::format("{} · {} · {} RAM", m.cpu_model.empty() ? "unknown CPU" : m.cpu_model,
                                        cores_text(m.logical_cores, m.physical_cores), bytes(m.memory_total_bytes))});
  table.add_row({"system", fmt::format("{} · {} · {}", m.os.empty() ? "unknown OS" : m.os, m.kernel, m.arch)});
  table.add_row({"software", fmt::format("winml {} ({}, {}) · ONNX Runtime {} · GenAI {}", m.winml_version,
                                         m.winml_commit, m.build_type, m.onnxruntime_version, m.genai_version)});
}

void add_methods_row(Table& table) {
  table.add_row({"methods", "percentiles by nearest rank · stddev of a sample (n-1) · warmup excluded"});
}

std::string build_warning(const perf::MachineInfo& m, const Style& style) {
  if (perf::is_optimized_build(m.build_type)) return {};
  return fmt::format(
      "{}warning: winml was built as '{}'; timings from it are not meaningful. Rebuild with "
      "-DCMAKE_BUILD_TYPE=Release.{}\n",
      style.warn, m.build_type, style.reset);
}

const char* on_off(bool value) { return value ? "on" : "off"; }

std::string count(std::size_t n, const char* noun) { return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s"); }

}  // namespace winml::report::text
