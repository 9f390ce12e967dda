#include "platform/environment.h"

#include <stdlib.h>

#include <cerrno>
#include <cstring>

#include "winml/errors.h"

namespace winml::platform {

void set_environment_variable(const std::string& name, const std::string& value) {
  if (::setenv(name.c_str(), value.c_str(), 1) != 0) {
    throw Error(ErrorCategory::runtime, "cannot set the environment variable " + name + ": " + std::strerror(errno) +
                                            ". The environment may be full; unset unused variables and retry.");
  }
}

std::optional<std::string> environment_variable(const std::string& name) {
  const char* value = ::getenv(name.c_str());
  if (value == nullptr || *value == '\0') return std::nullopt;
  return std::string(value);
}

}  // namespace winml::platform
