// winml: runs and benchmarks ONNX Runtime GenAI bundles and single ONNX models. The command line
// itself is run_command_line (command_line.h), which `python -m winml` runs too.

#include "command_line.h"
#include "platform/command_line.h"

int main(int argc, char** argv) {
  // UTF-8 on every system: on Windows the C runtime's argv cannot hold every file name.
  return winml::cli::run_command_line(winml::platform::utf8_arguments(argc, argv));
}
