#pragma once
/// \file
/// The process environment, for switches that libraries read from it when they initialise
/// (e.g. ORT_DISABLE_TELEMETRY, read by GenAI before any of its API can be called).

#include <string>

namespace winml::platform {

/// Sets `name` to `value` in this process's environment, replacing any value. Only libraries
/// loaded (or initialised) afterwards see it.
void set_environment_variable(const std::string& name, const std::string& value);

}  // namespace winml::platform
