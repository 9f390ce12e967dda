#pragma once
// What the portable end-to-end tests run on: the winml binary beside the test program, and a
// folder of synthetic models (a plain tiny GenAI bundle, a decoder-pipeline bundle whose
// lm_head.onnx serves as a single ONNX model).

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "platform/subprocess.h"

namespace winml::test {

/// The winml binary of this build (beside the test program: bin/winml or bin\winml.exe).
std::filesystem::path winml_program();

/// The fixtures folder: $WINML_TEST_FIXTURES_DIR, or (in a build that can write ONNX files) one
/// written on first use. Fails the calling test, with the fix, when neither is available.
const std::filesystem::path& fixtures();

/// Runs winml with `args`, at most `timeout_s` seconds, with `env` added to the environment.
platform::ProcessResult run_winml(const std::vector<std::string>& args,
                                  const std::vector<std::pair<std::string, std::string>>& env = {},
                                  int timeout_s = 300);

}  // namespace winml::test
