#include "compile/worker_protocol.h"

#include <algorithm>

#include <CLI/CLI.hpp>

#include "winml/errors.h"

namespace winml::compile {

std::vector<std::string> worker_arguments(const WorkerRequest& request) {
  std::vector<std::string> args = {"--input=" + request.input.string(), "--output=" + request.output.string(),
                                   "--ep=" + request.ep};
  for (const auto& [key, value] : request.options) args.push_back("--option=" + key + "=" + value);
  if (request.embed) args.emplace_back("--embed");
  if (!request.device.empty()) args.push_back("--device=" + request.device);
  for (const auto& library : request.ep_libraries) args.push_back("--ep-library=" + library);
  return args;
}

WorkerRequest parse_worker_arguments(const std::vector<std::string>& args) {
  WorkerRequest request;
  std::string input;
  std::string output;
  std::vector<std::string> options;
  CLI::App app{"Compiles one ONNX model to an EPContext model with ONNX Runtime's compile API.",
               "winml-compile-worker"};
  app.set_help_flag();  // the parent never asks for help; a stray --help is a usage error
  app.add_option("--input", input, "source .onnx")->required();
  app.add_option("--output", output, "compiled model path (its folder must exist)")->required();
  app.add_option("--ep", request.ep, "canonical EP name, e.g. QNNExecutionProvider")->required();
  app.add_option("--option", options, "provider option KEY=VALUE (repeatable)");
  app.add_flag("--embed", request.embed, "embed the context binary in the model");
  app.add_option("--device", request.device, "device compiled for: npu, gpu or cpu");
  app.add_option("--ep-library", request.ep_libraries, "plugin EP library NAME=PATH to register (repeatable)");
  // CLI11 consumes a vector from the back.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    throw UsageError(std::string(e.what()) +
                     ". Usage: winml-compile-worker --input=MODEL.onnx --output=OUT.onnx "
                     "--ep=EP_NAME [--option=KEY=VALUE]... [--embed] [--device=DEVICE] [--ep-library=NAME=PATH]...");
  }
  for (const auto& option : options) {
    auto eq = option.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw UsageError("--option '" + option + "' is not KEY=VALUE. Write it as --option=KEY=VALUE.");
    }
    request.options[option.substr(0, eq)] = option.substr(eq + 1);
  }
  request.input = input;
  request.output = output;
  return request;
}

std::string describe_worker_exit(int code) {
  switch (static_cast<WorkerExit>(code)) {
    case WorkerExit::ok:
      return "success";
    case WorkerExit::internal_error:
      return "internal error";
    case WorkerExit::usage:
      return "usage error";
    case WorkerExit::compile_failed:
      return "compile failed";
    case WorkerExit::engine_unavailable:
      return "engine unavailable";
    case WorkerExit::output_failed:
      return "output could not be written";
  }
  return "exit code " + std::to_string(code);
}

}  // namespace winml::compile
