// The baseline of help_latency_bench: the smallest real CLI11 program, one option and --help, built
// with the same compiler, flags and libraries' CLI11 as winml. `bare_cli11 --help` costs what any
// C++ command-line tool here costs to start and print its help.

#include <CLI/CLI.hpp>
#include <string>

int main(int argc, char** argv) {
  CLI::App app{"bare CLI11 program: parses one option"};
  std::string model;
  app.add_option("-m,--model", model, "A model path");
  CLI11_PARSE(app, argc, argv);
  return 0;
}
