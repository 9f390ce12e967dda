// How long winml takes to read a large perf report (`perf compare`, `merge` and `report` all read
// through read_perf_report), against Python's json.load of the same file: the target is at most 3×.
// The report is the golden GenAI report with its timed samples repeated to N iterations (default
// 600,000: within --iterations' range and far under the 256 MiB cap). The reader before this one,
// nlohmann's callback parser (used for its depth limit), rescanned the parent array at the end of
// every object; it is timed too, on two smaller sizes, so the growth shows: double the iterations,
// four times the time. Single-threaded throughout. Prints medians of 3 runs.
//   report_read_bench [ITERATIONS] [OLD_READER_ITERATIONS]   (defaults 600000 and 20000)

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "document/perf_report_document.h"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The golden report with `iterations` timed samples, written to `path`; returns its size in bytes.
std::size_t write_report(const fs::path& path, std::size_t iterations) {
  auto report = nlohmann::ordered_json::parse(read_text(fs::path(WINML_SOURCE_DIR) / "tests/report/golden/genai.json"));
  auto& timed = report["results"][0]["samples"]["timed"];
  const auto pattern = timed;
  timed = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < iterations; ++i) timed.push_back(pattern[i % pattern.size()]);
  report["results"][0]["metrics"]["iterations"] = iterations;
  const std::string text = report.dump();
  std::ofstream(path, std::ios::binary) << text;
  return text.size();
}

double seconds_of(const std::function<void()>& work) {
  std::vector<double> times;
  for (int i = 0; i < 3; ++i) {
    auto start = Clock::now();
    work();
    times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[1];
}

// Python's json.load of `path` in a fresh interpreter (its start, a few ms, is included).
bool python_load(const fs::path& path) {
  std::string script = "import json,sys; json.load(open(sys.argv[1], 'rb'))";
  std::vector<std::string> args = {"/usr/bin/env", "python3", "-c", script, path.string()};
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], nullptr, nullptr, argv.data(), environ) != 0) return false;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// The reader before: nlohmann's parse with a depth callback.
void callback_parse(const std::string& text) {
  auto json = nlohmann::ordered_json::parse(
      text, [](int depth, nlohmann::ordered_json::parse_event_t, nlohmann::ordered_json&) { return depth <= 64; });
  if (json.is_discarded()) std::abort();
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t iterations = argc > 1 ? std::stoul(argv[1]) : 600'000;
  const std::size_t old_iterations = argc > 2 ? std::stoul(argv[2]) : 20'000;
  const fs::path dir = fs::temp_directory_path() / ("winml-report-read-bench-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path big = dir / "big.json";
  const std::size_t bytes = write_report(big, iterations);

  bool python_ok = true;
  const double winml_s = seconds_of([&] { (void)winml::document::read_perf_report(big); });
  const double python_s = seconds_of([&] { python_ok = python_load(big) && python_ok; });
  std::printf("report of %zu timed iterations, %.1f MiB, 1 thread\n", iterations, bytes / 1048576.0);
  std::printf("  winml read_perf_report   median %8.3f s of 3\n", winml_s);
  if (python_ok) {
    std::printf("  python3 json.load        median %8.3f s of 3 (baseline, interpreter start included)\n", python_s);
    std::printf("  ratio winml / python3: %.2f (target <= 3)\n", winml_s / python_s);
  } else {
    std::printf("  python3 json.load        could not run (no python3 on PATH)\n");
  }

  std::printf("the reader before (nlohmann's callback parser), which grows with the square of the iterations:\n");
  for (std::size_t n : {old_iterations, 2 * old_iterations}) {
    const fs::path small = dir / ("old-" + std::to_string(n) + ".json");
    write_report(small, n);
    const std::string text = read_text(small);
    const double old_s = seconds_of([&] { callback_parse(text); });
    const double new_s = seconds_of([&] { (void)winml::document::parse_perf_report(text, small.string()); });
    std::printf("  %7zu iterations: callback parser %7.3f s, winml %7.3f s\n", n, old_s, new_s);
  }
  fs::remove_all(dir);
  return python_ok ? 0 : 1;
}
