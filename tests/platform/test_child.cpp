// A child process for the platform tests, the same on every system (so the Windows build's tests
// under wine drive the Win32 code the way the Linux tests drive the POSIX code):
//   exit N                 exits with code N
//   pid                    writes its process id, exits 0
//   print TEXT             writes TEXT to stdout and "err:" TEXT to stderr, exits 0
//   env NAME               writes the value of the environment variable NAME, exits 0
//   hold-lock FILE         takes an exclusive FileLock on FILE, says "locked", then sleeps until killed
//   spawn-writer FILE MS   runs `write-after MS FILE` as its own child, waiting for it without limit
//   write-after MS FILE    sleeps MS milliseconds, then creates FILE
//   file-holding DIR       makes DIR its current folder, then writes file_holding() of its own code
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "platform/environment.h"
#include "platform/executable_path.h"
#include "platform/file_lock.h"
#include "platform/process_id.h"
#include "platform/shared_library.h"
#include "platform/subprocess.h"
#include "platform/utf8_path.h"

namespace {

using winml::platform::utf8_path;

int run(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  const std::string arg = argc > 2 ? argv[2] : "";
  if (mode == "exit" && argc == 3) return std::stoi(arg);
  if (mode == "pid" && argc == 2) {
    std::fprintf(stdout, "%llu", static_cast<unsigned long long>(winml::platform::current_process_id()));
    return 0;
  }
  if (mode == "print" && argc == 3) {
    std::fprintf(stdout, "%s\n", arg.c_str());
    std::fflush(stdout);
    std::fprintf(stderr, "err:%s\n", arg.c_str());
    return 0;
  }
  if (mode == "env" && argc == 3) {
    std::fprintf(stdout, "%s", winml::platform::environment_variable(arg).value_or("<unset>").c_str());
    return 0;
  }
  if (mode == "hold-lock" && argc == 3) {
    winml::platform::FileLock lock(utf8_path(arg), winml::platform::LockMode::exclusive, std::chrono::seconds(10));
    std::fprintf(stdout, "locked\n");
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::minutes(5));
    return 0;
  }
  if (mode == "spawn-writer" && argc == 4) {
    winml::platform::ProcessOptions options;
    options.argv = {winml::platform::utf8_string(winml::platform::current_executable_path()), "write-after", argv[3],
                    arg};
    std::fprintf(stdout, "spawning\n");
    std::fflush(stdout);
    winml::platform::run_process(options);
    return 0;
  }
  if (mode == "write-after" && argc == 4) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::stoi(arg)));
    std::ofstream(utf8_path(argv[3])) << "written";
    return 0;
  }
  if (mode == "file-holding" && argc == 3) {
    std::filesystem::current_path(utf8_path(arg));
    std::fprintf(
        stdout, "%s",
        winml::platform::utf8_string(winml::platform::file_holding(reinterpret_cast<const void*>(&run))).c_str());
    return 0;
  }
  std::fprintf(stderr,
               "usage: winml-platform-test-child exit N | pid | print TEXT | env NAME | hold-lock FILE | "
               "spawn-writer FILE MS | write-after MS FILE | file-holding DIR\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "winml-platform-test-child: %s\n", e.what());
    return 1;
  }
}
