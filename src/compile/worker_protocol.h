#pragma once
/// \file
/// The contract between the parent and winml-compile-worker: the command line the parent builds
/// and the worker parses (both sides use these functions, so they cannot drift apart), and the
/// worker's named exit codes.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "compile/compile_config.h"

namespace winml::compile {

/// What one worker run compiles.
struct WorkerRequest {
  std::filesystem::path input;   ///< source .onnx
  std::filesystem::path output;  ///< compiled model; its folder must exist, other files go beside it
  std::string ep;                ///< canonical EP name
  ProviderOptions options;       ///< provider options
  bool embed = false;            ///< embed the context binary in the model
  /// The device compiled for ("npu"); empty = the EP's own choice. Picks the EP's ONNX Runtime
  /// devices of that hardware type, as sessions do.
  std::string device{};
  /// Plugin EP libraries the worker registers before compiling ("NAME=PATH"): those the parent
  /// registered, since the worker is a fresh process with its own engine.
  std::vector<std::string> ep_libraries{};
};

/// The worker's exit codes.
enum class WorkerExit : int {
  ok = 0,                  ///< the compiled model is at the output path
  internal_error = 1,      ///< an unexpected exception
  usage = 2,               ///< bad arguments, missing input or output folder
  compile_failed = 3,      ///< the engine's compile API failed
  engine_unavailable = 4,  ///< the engine libraries cannot be loaded
  output_failed = 5,       ///< the compile returned but the output could not be put in place
};

/// Arguments (after the program) that ask the worker for `request`: --input=, --output=, --ep=,
/// one --option=KEY=VALUE per option, --embed, --device=, one --ep-library=NAME=PATH per library. The `=` forms keep
/// values starting with '-' intact.
std::vector<std::string> worker_arguments(const WorkerRequest& request);

/// Parses the worker's arguments (without the program name). Throws UsageError with the problem
/// and the expected form.
WorkerRequest parse_worker_arguments(const std::vector<std::string>& args);

/// A readable name for a worker exit code, e.g. "compile failed"; "exit code 9" for unknown ones.
std::string describe_worker_exit(int code);

}  // namespace winml::compile
