// winml-compile-worker: compiles one ONNX model to an EPContext model in its own process, so that
// a hanging or crashing EP compiler costs the parent a fallback, not its life. The parent
// (src/compile/artifact_builder.cpp) gives it a private output folder, a time limit, and reads its
// exit code (compile/worker_protocol.h). With `--probe-ep-library NAME=PATH` it only registers
// that plugin EP library and lists the EP devices, so that a library that crashes while being
// registered takes this process down, not winml (ep/plugin_probe.h).

#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include "compile/artifact_files.h"
#include "compile/worker_protocol.h"
#include "engine/engine_loader.h"
#include "ep/ort_providers.h"
#include "ep/plugin_eps.h"
#include "ep/plugin_probe.h"
#include "platform/parent_death.h"
#include "platform/process_id.h"
#include "winml/errors.h"

namespace {

namespace fs = std::filesystem;
using winml::compile::WorkerExit;

int fail(WorkerExit code, const std::string& message) {
  std::fprintf(stderr, "winml-compile-worker: %s\n", message.c_str());
  return static_cast<int>(code);
}

// The engine writes into a private folder under the final name (so the EP names its context files
// after it); only a finished compile is renamed into the output folder, model last. A crash before
// that leaves no model at the output path, so the parent can tell a finished compile from a torn one.
int compile(const winml::compile::WorkerRequest& request) {
  std::error_code ec;
  if (!fs::is_regular_file(request.input, ec)) {
    return fail(WorkerExit::usage, request.input.string() + " does not exist. Pass an existing .onnx file.");
  }
  const fs::path out_dir = request.output.parent_path();
  if (!fs::is_directory(out_dir, ec)) {
    return fail(WorkerExit::usage, "the output folder " + out_dir.string() + " does not exist. Create it first.");
  }
  const fs::path partial = out_dir / (".partial-" + std::to_string(winml::platform::current_process_id()));
  fs::remove_all(partial, ec);
  if (!fs::create_directory(partial, ec)) {
    return fail(WorkerExit::output_failed, "cannot create " + partial.string() + ": " + ec.message());
  }
  // Whatever happens below, the private folder goes (a crash leaves it to the parent's cleanup).
  struct RemoveOnExit {
    fs::path path;
    ~RemoveOnExit() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } cleanup{partial};
  const std::string model_name = request.output.filename().string();
  winml::engine::CompileRequest compile_request;
  compile_request.input_path = request.input.string();
  compile_request.output_path = (partial / model_name).string();
  compile_request.embed_context = request.embed;
  try {
    // Plugin EPs first: they may be the EP asked for, which the catalog knows only once registered.
    auto libraries = winml::ep::parse_plugin_libraries(request.ep_libraries, "");
    if (!libraries.empty()) winml::ep::register_plugin_libraries(libraries, winml::engine::get());
    const winml::ep::EpInfo* ep = winml::ep::find_ep(request.ep);
    if (ep == nullptr) {
      return fail(WorkerExit::usage,
                  "unknown EP '" + request.ep + "'. Pass a catalog name such as QNNExecutionProvider.");
    }
    compile_request.providers = winml::ep::ort_providers(winml::EpChoice::of(*ep, request.device), request.options);
    winml::engine::get().compile_model(compile_request);
  } catch (const winml::GenaiNotInstalledError& e) {
    return fail(WorkerExit::engine_unavailable, e.what());
  } catch (const winml::UsageError& e) {
    return fail(WorkerExit::usage, e.what());
  } catch (const std::exception& e) {
    return fail(WorkerExit::compile_failed, e.what());
  }
  if (!fs::is_regular_file(partial / model_name, ec)) {
    return fail(WorkerExit::output_failed, "the compile returned but wrote no " + model_name);
  }
  auto names = winml::compile::entries_model_last(partial, model_name);
  if (auto problem = winml::compile::move_files(partial, out_dir, names); !problem.empty()) {
    return fail(WorkerExit::output_failed, problem);
  }
  return static_cast<int>(WorkerExit::ok);
}

// Registers one library and lists the devices, as winml's own registration will; the parent
// only looks at how this process ends.
int probe(const std::string& named) {
  winml::platform::crash_by_signal();
  try {
    auto libraries = winml::ep::parse_plugin_libraries({named}, "");
    for (const auto& library : libraries) winml::engine::get().register_ep_library(library.name, library.path);
    (void)winml::engine::get().ep_devices();
  } catch (const winml::GenaiNotInstalledError& e) {
    return fail(WorkerExit::engine_unavailable, e.what());
  } catch (const winml::UsageError& e) {
    return fail(WorkerExit::usage, e.what());
  } catch (const std::exception& e) {
    return fail(WorkerExit::compile_failed, e.what());
  }
  return static_cast<int>(WorkerExit::ok);
}

}  // namespace

int main(int argc, char** argv) {
  winml::platform::die_with_parent();
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 2 && args[0] == winml::ep::kProbeEpLibraryFlag) return probe(args[1]);
    return compile(winml::compile::parse_worker_arguments(args));
  } catch (const winml::UsageError& e) {
    return fail(WorkerExit::usage, e.what());
  } catch (const std::exception& e) {
    return fail(WorkerExit::internal_error, e.what());
  }
}
