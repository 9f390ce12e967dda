// What the read-bandwidth probes cost a default `winml perf` run: the small synthesised bundle
// (`winml bundle synth`, default preset) measured as a plain run and as a 4-combination sweep
// (--threads 1,2,3,4), each with the default probes, with --no-bandwidth-probe and with
// --bandwidth-probe (forced, for reference: what the probes themselves cost). A decode step of that
// bundle reads about 0.6 MB, which fits any last-level cache, so the default must cost at most
// 1.3 x the run without probes (target) in both cases. Prints the median wall time over N runs of
// each, alternating them so that load on the machine hits all alike; exits 1 when a target is missed.
//   probe_cost_bench [N [WINML]]   (default 5 runs of the winml built here; WINML: another binary,
//   e.g. an older build, to compare against)

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "timed_spawn.h"

namespace {

constexpr double kTarget = 1.3;

double run_once(std::vector<std::string> args) {
  return winml::bench::spawn_seconds(std::move(args), winml::bench::Silenced::stdout_and_stderr);
}

using winml::bench::median;

struct Case {
  const char* name;
  std::vector<std::string> args;
  std::vector<double> seconds;
};

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const std::string winml = argc > 2 ? argv[2] : WINML_BINARY;
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("winml_probe_cost_bench_" + std::to_string(::getpid()));
  fs::create_directories(root);
  ::setenv("WINML_CACHE_DIR", (root / "cache").c_str(), 1);  // derived bundles stay out of the user's cache
  const std::string bundle = (root / "bundle").string();
  if (run_once({winml, "bundle", "synth", "-o", bundle}) < 0) {
    std::fprintf(stderr, "probe_cost_bench: %s bundle synth -o %s failed\n", winml.c_str(), bundle.c_str());
    return 1;
  }
  auto perf = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = {winml, "perf",        "-m", bundle,
                                     "-q",  "--overwrite", "-o", (root / "report.json").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  const std::vector<std::string> sweep = {"--threads", "1,2,3,4"};
  std::vector<Case> cases = {
      {"plain run, default", perf({}), {}},
      {"plain run, --no-bandwidth-probe", perf({"--no-bandwidth-probe"}), {}},
      {"plain run, --bandwidth-probe", perf({"--bandwidth-probe"}), {}},
      {"4-combination sweep, default", perf(sweep), {}},
      {"4-combination sweep, --no-bandwidth-probe", perf({sweep[0], sweep[1], "--no-bandwidth-probe"}), {}},
      {"4-combination sweep, --bandwidth-probe", perf({sweep[0], sweep[1], "--bandwidth-probe"}), {}},
  };
  for (Case& c : cases) run_once(c.args);  // warm the page cache and write the derived bundles
  for (int i = 0; i < runs; ++i) {
    for (Case& c : cases) {
      c.seconds.push_back(run_once(c.args));
      if (c.seconds.back() < 0) {
        std::fprintf(stderr, "probe_cost_bench: %s failed\n", c.name);
        fs::remove_all(root);
        return 1;
      }
    }
  }
  fs::remove_all(root);
  for (const Case& c : cases) std::printf("%-44s median %.3f s over %d runs\n", c.name, median(c.seconds), runs);
  const double plain = median(cases[0].seconds) / median(cases[1].seconds);
  const double swept = median(cases[3].seconds) / median(cases[4].seconds);
  std::printf("%u hardware threads\n", std::thread::hardware_concurrency());
  std::printf("ratio default / --no-bandwidth-probe, plain run: %.2f (target <= %.1f)\n", plain, kTarget);
  std::printf("ratio default / --no-bandwidth-probe, 4-combination sweep: %.2f (target <= %.1f)\n", swept, kTarget);
  const bool met = plain <= kTarget && swept <= kTarget;
  std::printf("%s\n", met ? "target met" : "TARGET MISSED");
  return met ? 0 : 1;
}
