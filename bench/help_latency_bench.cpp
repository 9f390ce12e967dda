// How fast `winml perf --help` answers: it must not load ONNX Runtime, so it should cost about
// as much as starting any small C++ program. Prints the median over N runs next to
// `winml --version` as the baseline.   help_latency_bench [N]

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

extern char** environ;

namespace {

double run_once(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  posix_spawn_file_actions_destroy(&actions);
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double median_ms(const std::vector<std::string>& args, int runs) {
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) times.push_back(run_once(args));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int runs = argc > 1 ? std::stoi(argv[1]) : 50;
  double help = median_ms({WINML_BINARY, "perf", "--help"}, runs);
  double version = median_ms({WINML_BINARY, "--version"}, runs);
  double spawn = median_ms({"/bin/true"}, runs);
  std::printf("winml perf --help  median %.2f ms over %d runs\n", help, runs);
  std::printf("winml --version    median %.2f ms (baseline)\n", version);
  std::printf("/bin/true          median %.2f ms (cost of starting any process here)\n", spawn);
  std::printf("perf --help / --version ratio %.2f; perf --help beyond process start %.2f ms\n", help / version,
              help - spawn);
  return 0;
}
