// What the resource sampler costs the work it measures: the same CPU-bound work (a dependent chain
// of multiply-adds over a 1 MiB array, on every hardware thread, as a benchmark's intra-op threads
// would) timed with no sampler, with one at the default 50 ms and with one at the fastest allowed
// 5 ms, interleaved round by round so that load on the machine hits all alike. The target: each
// sampled median within the unsampled runs' own noise (their interquartile range relative to their
// median, at least 2 %) of the unsampled median. Prints the medians, the noise, the ratios and the
// sampler thread's own CPU; exits 1 when a target is missed.
//   sampler_cost_bench [ROUNDS]   (default 15)

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <thread>
#include <vector>

#include "resources/sampler.h"

namespace {

double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// One thread's share: passes over its own array, each value depending on the last.
double work(std::vector<double>& data, int passes) {
  double acc = 1;
  for (int p = 0; p < passes; ++p) {
    for (double& v : data) {
      acc = acc * 0.999999 + v;
      v = acc * 1e-9;
    }
  }
  return acc;
}

double timed_work(unsigned threads, int passes) {
  std::vector<std::vector<double>> arrays(threads, std::vector<double>(std::size_t{1} << 17, 1.0));
  std::vector<double> results(threads);
  const double start = now_s();
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back([&, t] { results[t] = work(arrays[t], passes); });
  for (auto& th : pool) th.join();
  const double seconds = now_s() - start;
  if (results[0] == 42.0) std::printf(" ");  // keeps the work observable
  return seconds;
}

double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
}

struct Case {
  const char* name;
  std::optional<std::chrono::milliseconds> interval;  // none: no sampler
  std::vector<double> seconds;
  double sampler_cpu_s = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::max(3, std::atoi(argv[1])) : 15;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  const int passes = 1200;  // about 0.25 s a run on a 2-core VM: several readings even at 50 ms
  std::vector<Case> cases = {{"no sampler", std::nullopt, {}, 0},
                             {"sampler every 50 ms (default)", winml::resources::kDefaultSampleInterval, {}, 0},
                             {"sampler every 5 ms (fastest)", winml::resources::kMinSampleInterval, {}, 0}};
  timed_work(threads, passes);  // warm the caches and the allocator
  for (int r = 0; r < rounds; ++r) {
    for (Case& c : cases) {
      std::optional<winml::resources::Sampler> sampler;
      if (c.interval) sampler.emplace(winml::resources::system_readers(now_s), *c.interval);
      c.seconds.push_back(timed_work(threads, passes));
      if (sampler) c.sampler_cpu_s += sampler->record().sampler_cpu_s;
    }
  }
  const double base = quantile(cases[0].seconds, 0.5);
  const double noise = std::max(0.02, (quantile(cases[0].seconds, 0.75) - quantile(cases[0].seconds, 0.25)) / base);
  std::printf("%u threads (every hardware thread), %d rounds, interleaved\n", threads, rounds);
  bool met = true;
  for (const Case& c : cases) {
    const double median = quantile(c.seconds, 0.5);
    std::printf("%-32s median %.4f s  ratio %.3f  sampler CPU %.2f ms per run\n", c.name, median, median / base,
                c.sampler_cpu_s * 1e3 / rounds);
    if (median / base > 1 + noise) met = false;
  }
  std::printf("noise of the unsampled runs (IQR / median, at least 2 %%): %.1f %%; target: every ratio <= %.3f\n",
              noise * 100, 1 + noise);
  std::printf("%s\n", met ? "target met" : "TARGET MISSED");
  return met ? 0 : 1;
}
