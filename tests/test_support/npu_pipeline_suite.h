#pragma once
// A test suite over the synthesised pipeline routed as NPU bundles are (ctx and iter on an
// accelerator, embeddings and lm_head on the CPU), run on the test plugin EP (tests/test_ep). The
// bundles are made once per suite in a folder of its own: `pipe` as synthesised, `npu-bundle`
// routed to QNN (test_support/qnn_pipeline.h). For the e2e tests, which define WINML_TEST_EP_LIB.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "test_support/qnn_pipeline.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml::test {

/// The base of such a suite; `Suite` is the deriving class, so that each suite has its own folder.
template <class Suite>
class NpuPipelineSuite : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new TempDir();
    auto result = run_winml("bundle synth --pipeline -o " + at("pipe").string());
    ASSERT_EQ(result.exit_code, 0) << result.err;
    copy_routed_to_qnn(at("pipe"), npu_bundle());
  }
  static void TearDownTestSuite() {
    delete root_;
    root_ = nullptr;
  }

  /// `name` in the suite's folder.
  static std::filesystem::path at(const std::string& name) { return root_->path() / name; }
  static std::filesystem::path npu_bundle() { return at("npu-bundle"); }

  /// winml with `args`, the test EP registered as winml_test, its own cache in the suite's folder
  /// and the variables `env` ("NAME=value ...") set.
  static CommandResult winml_with_test_ep(const std::string& args, const std::string& env = "") {
    return run_command("WINML_CACHE_DIR=" + at("cache").string() + " " + env + " " + winml_binary() + " " + args +
                       " --ep-library winml_test=" + WINML_TEST_EP_LIB);
  }

 private:
  static inline TempDir* root_ = nullptr;
};

}  // namespace winml::test
