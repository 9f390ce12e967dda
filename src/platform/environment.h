#pragma once
/// \file
/// The process environment: switches that libraries read from it when they initialise (e.g.
/// ORT_DISABLE_TELEMETRY, read by GenAI before any of its API can be called), and the variables
/// that name folders and files. Values are UTF-8 on every platform, so a variable holding a
/// non-ASCII path survives the trip.

#include <optional>
#include <string>

namespace winml::platform {

/// Sets `name` to `value` in this process's environment, replacing any value. Only libraries
/// loaded (or initialised) afterwards see it.
void set_environment_variable(const std::string& name, const std::string& value);

/// The value of `name`, or nullopt when it is unset or empty (an empty variable is treated as
/// unset, the way shells' `VAR= cmd` is used to switch a default back on).
std::optional<std::string> environment_variable(const std::string& name);

}  // namespace winml::platform
