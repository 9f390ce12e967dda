#include "portable_e2e/fixtures.h"

#include <gtest/gtest.h>

#include <chrono>
#include <optional>

#include "platform/environment.h"
#include "platform/executable_path.h"
#include "platform/utf8_path.h"
#include "test_support/temp_dir.h"

namespace winml::test {
namespace fs = std::filesystem;

fs::path winml_program() {
  const fs::path here = platform::current_executable_path().parent_path();
#ifdef _WIN32
  return here / "winml.exe";
#else
  return here / "winml";
#endif
}

platform::ProcessResult run_winml(const std::vector<std::string>& args,
                                  const std::vector<std::pair<std::string, std::string>>& env, int timeout_s) {
  platform::ProcessOptions options;
  options.argv.push_back(platform::utf8_string(winml_program()));
  options.argv.insert(options.argv.end(), args.begin(), args.end());
  options.timeout = std::chrono::seconds(timeout_s);
  options.output_limit = std::size_t{1} << 20;
  options.env = env;
  return platform::run_process(options);
}

namespace {

// Written once per test process (ctest runs each case in its own), into a folder of its own that
// is removed when the process exits.
std::optional<fs::path> synthesize() {
  static const test::TempDir folder;
  const fs::path& root = folder.path();
  for (const auto& [name, extra] : {std::pair<const char*, const char*>{"plain", nullptr}, {"pipe", "--pipeline"}}) {
    std::vector<std::string> args{"bundle", "synth", "-q", "--overwrite", "-o", platform::utf8_string(root / name)};
    if (extra != nullptr) args.emplace_back(extra);
    const platform::ProcessResult result = run_winml(args);
    if (result.status != platform::ExitStatus::success) {
      ADD_FAILURE() << "winml bundle synth " << platform::describe(result) << ":\n" << result.output;
      return std::nullopt;
    }
  }
  return root;
}

}  // namespace

const fs::path& fixtures() {
  static const std::optional<fs::path> folder = []() -> std::optional<fs::path> {
    if (auto given = platform::environment_variable("WINML_TEST_FIXTURES_DIR")) return platform::utf8_path(*given);
    if (WINML_TEST_CAN_SYNTHESIZE) return synthesize();
    return std::nullopt;
  }();
  static const fs::path none;
  if (!folder) {
    ADD_FAILURE() << "no fixtures: this build cannot write ONNX files (WINML_WITH_ONNX_PROTO=OFF). Set "
                     "WINML_TEST_FIXTURES_DIR to a folder a Linux build wrote with `winml bundle synth -o DIR/plain` "
                     "and `winml bundle synth --pipeline -o DIR/pipe`, as scripts/test-windows.sh does.";
    return none;
  }
  return *folder;
}

}  // namespace winml::test
