// How fast `winml perf --help` answers, against a bare CLI11 program that parses one option
// (bare_cli11.cpp). winml loads neither ONNX Runtime nor the ONNX protobuf libraries for --help
// (they are plugins), nor libfmt (used header-only), so the ratio should stay near 1 (target: at most 1.3). Prints the
// median over N runs of each, alternating the two so that load on the machine hits both alike.
//   help_latency_bench [N]   (default 200)

#include <algorithm>
#include <cstdio>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "timed_spawn.h"

namespace {

// Milliseconds of one run with stdout to /dev/null; negative when it could not be started or failed.
double run_once(std::vector<std::string> args) {
  return 1e3 * winml::bench::spawn_seconds(std::move(args), winml::bench::Silenced::stdout_only);
}

using winml::bench::median;

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::stoi(argv[1])) : 200;
  const std::vector<std::string> help = {WINML_BINARY, "perf", "--help"};
  const std::vector<std::string> bare = {BARE_CLI11_BINARY, "--help"};
  const std::vector<std::string> process = {"/bin/true"};
  for (int i = 0; i < 5; ++i) run_once(help), run_once(bare);  // warm the page cache
  std::vector<double> help_ms, bare_ms, process_ms;
  for (int i = 0; i < runs; ++i) {
    help_ms.push_back(run_once(help));
    bare_ms.push_back(run_once(bare));
    process_ms.push_back(run_once(process));
    if (help_ms.back() < 0 || bare_ms.back() < 0) {
      std::fprintf(stderr, "help_latency_bench: %s or %s failed\n", WINML_BINARY, BARE_CLI11_BINARY);
      return 1;
    }
  }
  const double winml = median(help_ms);
  const double baseline = median(bare_ms);
  std::printf("winml perf --help   median %.2f ms over %d runs\n", winml, runs);
  std::printf("bare CLI11 --help   median %.2f ms over %d runs (baseline)\n", baseline, runs);
  std::printf("/bin/true           median %.2f ms (starting any process here; %u hardware threads)\n",
              median(process_ms), std::thread::hardware_concurrency());
  std::printf("ratio winml perf --help / bare CLI11: %.2f (target <= 1.3)\n", winml / baseline);
  return 0;
}
