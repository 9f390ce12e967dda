#include "cli_common.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/engine_loader.h"
#include "ep/discovery.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

bool colour_allowed(int fd, bool no_color) {
  if (no_color) return false;
  const char* env = std::getenv("NO_COLOR");
  if (env != nullptr && *env != '\0') return false;
  return ::isatty(fd) == 1;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, sep)) {
    if (!part.empty()) parts.push_back(part);
  }
  return parts;
}

}  // namespace

// CLI11's own PositiveNumber prints the whole double range in its message; ours says what is wrong.
CLI::Validator number_at_least(double minimum, bool inclusive, const std::string& what) {
  return CLI::Validator(
      [minimum, inclusive, what](std::string& text) -> std::string {
        double value = 0;
        try {
          std::size_t used = 0;
          value = std::stod(text, &used);
          if (used != text.size()) return "must be " + what + ", got '" + text + "'";
        } catch (const std::exception&) {
          return "must be " + what + ", got '" + text + "'";
        }
        bool ok = inclusive ? value >= minimum : value > minimum;
        return ok ? std::string() : "must be " + what + ", got " + text;
      },
      what == "a positive number" ? "POSITIVE" : "NON-NEGATIVE");
}

CLI::Validator positive_number() { return number_at_least(0, false, "a positive number"); }
CLI::Validator non_negative_number() { return number_at_least(0, true, "zero or more"); }

bool OutputOptions::color_stderr() const { return colour_allowed(STDERR_FILENO, no_color); }
bool OutputOptions::color_stdout() const { return colour_allowed(STDOUT_FILENO, no_color); }

void add_output_flags(CLI::App& app, OutputOptions& options) {
  app.add_flag_function(
      "-v,--verbose", [&options](std::int64_t count) { options.verbosity += static_cast<int>(count); },
      "More detail on stderr (repeatable)");
  app.add_flag_function(
      "-q,--quiet", [&options](std::int64_t count) { options.verbosity -= static_cast<int>(count); },
      "Less output on stderr: no progress");
  app.add_flag("--no-color", options.no_color, "Never colour the output (colour is used only on a terminal)");
}

void add_ep_library_flag(CLI::App& app, std::vector<std::string>& libraries) {
  app.add_option("--ep-library", libraries,
                 "Register a plugin EP library, NAME=PATH (repeatable; also WINML_EP_LIBRARIES=NAME=PATH;...)")
      ->type_name("NAME=PATH");
}

void register_ep_libraries(const std::vector<std::string>& from_flags) {
  std::vector<std::string> all = from_flags;
  if (const char* env = std::getenv("WINML_EP_LIBRARIES")) {
    for (auto& entry : split(env, ';')) all.push_back(entry);
  }
  if (all.empty()) return;
  auto& engine = engine::get();
  for (const auto& entry : all) {
    auto eq = entry.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == entry.size()) {
      throw UsageError("--ep-library expects NAME=PATH, got '" + entry +
                       "'. Example: --ep-library QNNExecutionProvider=/opt/qnn/libonnxruntime_providers_qnn.so");
    }
    std::string name = entry.substr(0, eq);
    std::string path = entry.substr(eq + 1);
    if (!std::filesystem::exists(path)) {
      throw UsageError("EP library '" + path + "' (for " + name +
                       ") does not exist. Check the path given to --ep-library.");
    }
    engine.register_ep_library(name, path);
  }
}

ep::GenaiEpSelection select_genai_ep(const std::string& ep, const std::string& device) {
  bool respect_bundle = ep.empty() && (device.empty() || device == "config");
  if (respect_bundle) return {};
  ep::EngineEpDiscovery discovery;
  return ep::EpResolver(ep::discover_device_eps(discovery)).select_genai_ep(ep, device);
}

std::string resolve_prompt(const std::string& prompt, const std::string& prompt_file, const std::string& fallback) {
  if (!prompt.empty() && !prompt_file.empty()) {
    throw UsageError("--prompt and --prompt-file are mutually exclusive; give one of them.");
  }
  if (!prompt_file.empty()) {
    std::ifstream in(prompt_file, std::ios::binary);
    if (!in)
      throw UsageError("cannot read --prompt-file '" + prompt_file + "': check that the file exists and is readable.");
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    if (text.empty()) throw UsageError("--prompt-file '" + prompt_file + "' is empty; write the prompt into it.");
    return text;
  }
  return prompt.empty() ? fallback : prompt;
}

void warn(const std::string& message, const OutputOptions& output) {
  if (output.color_stderr()) {
    std::fprintf(stderr, "\033[33mwarning:\033[0m %s\n", message.c_str());
  } else {
    std::fprintf(stderr, "warning: %s\n", message.c_str());
  }
}

}  // namespace winml::cli
