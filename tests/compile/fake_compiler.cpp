// winml-fake-compiler: stands in for winml-compile-worker in tests. It takes the worker's own
// arguments (compile/worker_protocol.h) after options of its own, and misbehaves on request:
//   --fake-mode=MODE or --fake-mode=STAGE:MODE (STAGE matches the output name's "<stage>_" prefix)
//   --fake-record=FILE   append one JSON line per run (what it was asked to compile)
//   --fake-delay-ms=N    sleep before acting
// MODE: succeed, hang, crash-before-writing, crash-while-writing, crash-after-writing, garbage,
//       truncated, fail, missing-context, no-epcontext.

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "compile/artifact_files.h"
#include "compile/onnx_fixtures.h"
#include "compile/worker_protocol.h"
#include "platform/parent_death.h"

namespace {

namespace fs = std::filesystem;
using winml::compile::WorkerRequest;

struct FakeOptions {
  std::vector<std::string> modes;
  std::string record;
  int delay_ms = 0;
};

std::string mode_for(const FakeOptions& fake, const std::string& output_name) {
  std::string fallback = "succeed";
  for (const auto& mode : fake.modes) {
    auto colon = mode.find(':');
    if (colon == std::string::npos) {
      fallback = mode;
    } else if (output_name.starts_with(mode.substr(0, colon) + "_")) {
      return mode.substr(colon + 1);
    }
  }
  return fallback;
}

void record(const FakeOptions& fake, const WorkerRequest& request, const std::string& mode, pid_t helper) {
  if (fake.record.empty()) return;
  nlohmann::json line = {{"output", request.output.filename().string()},
                         {"input", request.input.string()},
                         {"ep", request.ep},
                         {"options", request.options},
                         {"embed", request.embed},
                         {"mode", mode},
                         {"pid", ::getpid()},
                         {"helper_pid", helper}};
  std::string text = line.dump() + "\n";
  int fd = ::open(fake.record.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd >= 0) {
    [[maybe_unused]] ssize_t n = ::write(fd, text.data(), text.size());
    ::close(fd);
  }
}

[[noreturn]] void crash() {
  rlimit no_core{0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  // Die of the signal itself, as a crashed compiler does: a sanitizer build installs a SIGSEGV
  // handler that would otherwise turn the crash into a report and exit code 1.
  ::signal(SIGSEGV, SIG_DFL);
  ::raise(SIGSEGV);
  std::abort();
}

// What the context binary holds: enough for tests to tell which compile produced it.
std::string context_bytes(const WorkerRequest& request) {
  std::string text = "fake context of " + request.input.filename().string() + " for " + request.ep;
  for (const auto& [key, value] : request.options) text += " " + key + "=" + value;
  return text + "\n";
}

// Like the real worker: write into a private folder, then rename into place, model last.
void write_artifact(const WorkerRequest& request) {
  const fs::path dir = request.output.parent_path();
  const fs::path partial = dir / (".partial-" + std::to_string(::getpid()));
  fs::create_directory(partial);
  const std::string name = request.output.filename().string();
  const std::string context = context_bytes(request);
  const std::string bin = request.output.stem().string() + ".bin";
  if (!request.embed) winml::test::write_bytes(partial / bin, context);
  // With the compatibility info an EP reports, so that the runtime's verdict on it can be tested.
  winml::test::write_bytes(partial / name,
                           winml::test::epcontext_model_bytes(request.ep, request.embed, request.embed ? context : bin,
                                                              "fake-compiler " + request.device));
  winml::compile::move_files(partial, dir, winml::compile::entries_model_last(partial, name));
  fs::remove_all(partial);
}

int run(const FakeOptions& fake, const WorkerRequest& request) {
  const std::string mode = mode_for(fake, request.output.filename().string());
  pid_t helper = -1;
  if (mode == "hang") {
    helper = ::fork();  // a grandchild in the same process group: a timeout must end it too
    if (helper == 0) {
      ::sleep(1000);
      std::_Exit(0);
    }
  }
  record(fake, request, mode, helper);
  if (fake.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(fake.delay_ms));
  const std::string valid = winml::test::epcontext_model_bytes(request.ep, true, context_bytes(request));
  if (mode == "succeed") {
    write_artifact(request);
    return 0;
  }
  if (mode == "hang") {
    while (true) ::pause();
  }
  if (mode == "crash-before-writing") {
    fs::create_directory(request.output.parent_path() / ".partial-crash");
    winml::test::write_bytes(request.output.parent_path() / ".partial-crash" / "half.onnx", valid.substr(0, 10));
    crash();
  }
  if (mode == "crash-while-writing") {
    winml::test::write_bytes(request.output, valid.substr(0, valid.size() / 2));
    crash();
  }
  if (mode == "crash-after-writing") {
    write_artifact(request);
    crash();
  }
  if (mode == "garbage") {
    winml::test::write_bytes(request.output, "this is not an ONNX model\n");
    return 0;
  }
  if (mode == "truncated") {
    winml::test::write_bytes(request.output, valid.substr(0, valid.size() - 7));
    return 0;
  }
  if (mode == "fail") {
    std::fprintf(stderr, "fake compiler: loading the graph\nerror: the fake EP rejected node 'Add'\n");
    return 3;
  }
  if (mode == "missing-context") {
    winml::test::write_bytes(request.output, winml::test::epcontext_model_bytes(request.ep, false, "absent.bin"));
    return 0;
  }
  if (mode == "no-epcontext") {
    winml::test::write_bytes(request.output, winml::test::plain_model_bytes());
    return 0;
  }
  std::fprintf(stderr, "fake compiler: unknown mode %s\n", mode.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  winml::platform::die_with_parent();
  FakeOptions fake;
  std::vector<std::string> rest;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.starts_with("--fake-mode=")) {
      fake.modes.push_back(arg.substr(12));
    } else if (arg.starts_with("--fake-record=")) {
      fake.record = arg.substr(14);
    } else if (arg.starts_with("--fake-delay-ms=")) {
      fake.delay_ms = std::stoi(arg.substr(16));
    } else {
      rest.push_back(arg);
    }
  }
  try {
    return run(fake, winml::compile::parse_worker_arguments(rest));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fake compiler: %s\n", e.what());
    return 2;
  }
}
