#include "report/bandwidth_report.h"

#include <fmt/format.h>

#include "report/json_fields.h"
#include "report/text_units.h"
#include "util/plural.h"

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

Json kernel_json(const perf::BandwidthRate& rate, std::uint64_t bytes_per_repetition) {
  Json samples = Json::array();
  for (double sample : rate.samples_gb_per_s) samples.push_back(json_fields::rate(sample));
  return {{"bytes_per_repetition", bytes_per_repetition},
          {"repetitions", rate.samples_gb_per_s.size()},
          {"best_gb_per_s", json_fields::rate(rate.best_gb_per_s)},
          {"median_gb_per_s", json_fields::rate(rate.median_gb_per_s)},
          {"samples_gb_per_s", samples}};
}

}  // namespace

Json bandwidth_json(const perf::BandwidthResult& result) {
  return {{"threads", result.threads},
          {"arrays", 3},
          {"array_bytes", result.array_bytes},
          {"last_level_cache_bytes", result.last_level_cache_bytes},
          {"setup_ms", json_fields::ms(result.setup_seconds)},
          {"timed_ms", json_fields::ms(result.timed_seconds)},
          {"read", kernel_json(result.read, result.read_bytes_per_repetition)},
          {"triad", kernel_json(result.triad, result.triad_bytes_per_repetition)}};
}

std::string bandwidth_text(const Json& bandwidth, const text::Style& style) {
  const auto cache = bandwidth["last_level_cache_bytes"].get<std::uint64_t>();
  std::string out = fmt::format(
      "{}Memory bandwidth{} ({}; {} arrays of {}; last-level cache {})\n", style.bold, style.reset,
      count_of(bandwidth["threads"].get<unsigned>(), "thread"), bandwidth["arrays"].get<int>(),
      text::bytes(bandwidth["array_bytes"].get<std::uint64_t>()), cache > 0 ? text::bytes(cache) : "unknown");
  text::Table table({"KERNEL", "BEST", "MEDIAN", "REPETITIONS"});
  for (const char* kernel : {"read", "triad"}) {
    const Json& rate = bandwidth[kernel];
    table.add_row({kernel, text::rate(rate["best_gb_per_s"].get<double>(), "GB/s"),
                   text::rate(rate["median_gb_per_s"].get<double>(), "GB/s"),
                   std::to_string(rate["repetitions"].get<std::size_t>())});
  }
  return out + table.render(style, 2);
}

}  // namespace winml::report
