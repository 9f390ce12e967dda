// The portable half of subprocess.h: naming how a child ended.
#include <fmt/format.h>

#include "platform/describe_signal.h"
#include "platform/subprocess.h"

namespace winml::platform {

std::string describe(const ProcessResult& result) {
  switch (result.status) {
    case ExitStatus::success:
      return "exited with code 0";
    case ExitStatus::failure:
      return fmt::format("exited with code {}", result.exit_code);
    case ExitStatus::signaled:
      return describe_signal(result.signal);
    case ExitStatus::timed_out:
      return fmt::format("timed out after {:.1f} s and was killed", result.seconds);
    case ExitStatus::spawn_failed:
      return "could not be started: " + result.error;
  }
  return "ended in an unknown way";
}

const char* to_string(ExitStatus status) {
  switch (status) {
    case ExitStatus::success:
      return "success";
    case ExitStatus::failure:
      return "failure";
    case ExitStatus::signaled:
      return "signaled";
    case ExitStatus::timed_out:
      return "timed_out";
    case ExitStatus::spawn_failed:
      return "spawn_failed";
  }
  return "unknown";
}

}  // namespace winml::platform
