#include "report/bandwidth_report.h"

#include <gtest/gtest.h>

namespace winml::report {
namespace {

perf::BandwidthResult sample_result() {
  perf::BandwidthResult result;
  result.threads = 2;
  result.array_bytes = 128u << 20;
  result.last_level_cache_bytes = 32u << 20;
  result.read_bytes_per_repetition = 3 * result.array_bytes;
  result.triad_bytes_per_repetition = 3 * result.array_bytes;
  result.read = perf::summarize_bandwidth({31.25, 33.0000004, 30.5});
  result.triad = perf::summarize_bandwidth({40.75, 30.125, 35.5});
  result.setup_seconds = 0.1875;
  result.timed_seconds = 1.5000000004;
  return result;
}

// The object `winml sys --bandwidth -f json` prints (docs/metrics.md, "Memory bandwidth").
TEST(BandwidthReport, JsonFields) {
  EXPECT_EQ(bandwidth_json(sample_result()).dump(), nlohmann::ordered_json::parse(R"({
    "threads": 2, "arrays": 3, "array_bytes": 134217728, "last_level_cache_bytes": 33554432,
    "setup_ms": 187.5, "timed_ms": 1500.0,
    "read": {"bytes_per_repetition": 402653184, "repetitions": 3, "best_gb_per_s": 33.0,
             "median_gb_per_s": 31.25, "samples_gb_per_s": [31.25, 33.0, 30.5]},
    "triad": {"bytes_per_repetition": 402653184, "repetitions": 3, "best_gb_per_s": 40.75,
              "median_gb_per_s": 35.5, "samples_gb_per_s": [40.75, 30.125, 35.5]}
  })")
                                                        .dump());
}

TEST(BandwidthReport, ConsoleSection) {
  EXPECT_EQ(bandwidth_text(bandwidth_json(sample_result()), text::Style::make(false)),
            "Memory bandwidth (2 threads; 3 arrays of 128.0 MiB; last-level cache 32.0 MiB)\n"
            "  KERNEL        BEST      MEDIAN  REPETITIONS\n"
            "  read    33.00 GB/s  31.25 GB/s            3\n"
            "  triad   40.75 GB/s  35.50 GB/s            3\n");
  perf::BandwidthResult unknown_cache = sample_result();
  unknown_cache.last_level_cache_bytes = 0;
  EXPECT_NE(bandwidth_text(bandwidth_json(unknown_cache), text::Style::make(false)).find("last-level cache unknown"),
            std::string::npos);
}

}  // namespace
}  // namespace winml::report
