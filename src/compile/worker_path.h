#pragma once
/// \file
/// Where winml-compile-worker is.

#include <string>
#include <vector>

namespace winml::compile {

/// The worker command: $WINML_COMPILE_WORKER when set, else winml-compile-worker in the folder of
/// the running executable (the build and install layouts both put it beside winml), else the one
/// in the install prefix's bin folder when only that exists.
std::vector<std::string> default_worker_command();

}  // namespace winml::compile
