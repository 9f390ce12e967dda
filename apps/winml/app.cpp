#include "app.h"

#include <CLI/CLI.hpp>
#include <string>

#include "command_registry.h"
#include "help_formatter.h"
#include "help_width.h"
#include "winml_build_info.h"

namespace winml::cli {

std::unique_ptr<CLI::App> make_app(int argc, const char* const* argv) {
  // Named, so that usage lines say "winml perf", not the path the binary was started by.
  auto app = std::make_unique<CLI::App>(
      "winml: run and benchmark ONNX Runtime GenAI bundles and ONNX models on any execution provider", "winml");
  // Before any command is added: each copies its parent's formatter.
  app->formatter(std::make_shared<HelpFormatter>(static_cast<std::size_t>(help_width())));
  app->set_version_flag("--version", std::string("winml ") + WINML_VERSION_STRING + " (" + WINML_GIT_COMMIT + ")");
  app->require_subcommand(1);
  app->footer(
      "Run 'winml help COMMAND' (or 'winml COMMAND --help') for a command's flags. Exit codes: docs/exit-codes.md. "
      "Environment variables: docs/environment.md.");
  add_registered_commands(*app, argc, argv);
  return app;
}

void disable_commands(CLI::App& app) {
  // The root's parse-complete callback runs after every flag of every subcommand has been
  // processed and before any subcommand callback (CLI::App::run_callback).
  app.parse_complete_callback([] { throw CommandsDisabled(); });
}

}  // namespace winml::cli
