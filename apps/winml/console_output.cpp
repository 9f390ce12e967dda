#include "console_output.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "console_hooks.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

std::string lost_output_message(int error) {
  std::string reason = error != 0 ? std::strerror(error) : "write error";
  return "cannot write to standard output (" + reason +
         "); the output is lost. Free space on the device stdout goes to, or redirect it elsewhere.";
}

}  // namespace

void write_stdout(std::string_view text) {
  if (const ConsoleHooks* hooks = console_hooks(); hooks && hooks->output) {
    hooks->output(text);
    return;
  }
  errno = 0;
  std::size_t written = std::fwrite(text.data(), 1, text.size(), stdout);
  if (written != text.size() || std::fflush(stdout) != 0)
    throw Error(ErrorCategory::runtime, lost_output_message(errno));
}

int finish_stdout(int code) {
  errno = 0;
  std::cout.flush();
  bool lost = std::cout.fail();
  lost = std::fflush(stdout) != 0 || lost;
  lost = std::ferror(stdout) != 0 || lost;
  if (!lost) return code;
  // A command that already failed has said why; the lost output is a consequence of no interest.
  if (code != 0) return code;
  std::fprintf(stderr, "error: %s\n", lost_output_message(errno).c_str());
  return 1;
}

}  // namespace winml::cli
