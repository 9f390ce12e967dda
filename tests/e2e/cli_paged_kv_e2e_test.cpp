// A bundle whose decoder takes a paged KV cache runs only through GenAI's dynamic engine: the
// generator path (winml generate, winml perf without --concurrency) says so and what to run, before
// the model loads, instead of ONNX Runtime's error about an input it was never given.

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "test_support/run_command.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;

// A synthetic bundle whose decoder graph also takes `block_table`, GenAI's paged-attention input
// (unused by the graph: what matters is that only the dynamic engine would feed it).
fs::path paged_bundle(const test::TempDir& root) {
  const fs::path bundle = root.path() / "paged";
  const auto synth = test::run_winml("bundle synth --layers 1 -o " + bundle.string());
  EXPECT_EQ(synth.exit_code, 0) << synth.err;
  onnx::ModelProto model;
  {
    std::ifstream in(bundle / "model.onnx", std::ios::binary);
    EXPECT_TRUE(model.ParseFromIstream(&in));
  }
  auto* input = model.mutable_graph()->add_input();
  input->set_name("block_table");
  auto* tensor = input->mutable_type()->mutable_tensor_type();
  tensor->set_elem_type(onnx::TensorProto::INT32);
  tensor->mutable_shape()->add_dim()->set_dim_value(1);
  tensor->mutable_shape()->add_dim()->set_dim_value(4);
  std::ofstream out(bundle / "model.onnx", std::ios::binary | std::ios::trunc);
  EXPECT_TRUE(model.SerializeToOstream(&out));
  return bundle;
}

TEST(PagedKvBundle, TheGeneratorPathNamesTheDynamicEngine) {
  test::TempDir root;
  const fs::path bundle = paged_bundle(root);
  const auto generate = test::run_winml("generate -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_EQ(generate.exit_code, 2) << generate.err;
  EXPECT_NE(generate.err.find("takes a paged KV cache (its input block_table)"), std::string::npos) << generate.err;
  EXPECT_NE(generate.err.find("winml perf -m " + bundle.string() + " --concurrency 1"), std::string::npos)
      << generate.err;
  EXPECT_NE(generate.err.find("engine.dynamic_batching"), std::string::npos) << generate.err;
  // Before the load: no loading line.
  EXPECT_EQ(generate.err.find("loading"), std::string::npos) << generate.err;

  const auto perf =
      test::run_winml("perf --no-bandwidth-probe -m " + bundle.string() +
                      " --prompt-tokens 4 -n 2 --iterations 1 --warmup 0 -o " + (root.path() / "r.json").string());
  EXPECT_EQ(perf.exit_code, 2) << perf.err;
  EXPECT_NE(perf.err.find("takes a paged KV cache"), std::string::npos) << perf.err;
  EXPECT_FALSE(fs::exists(root.path() / "r.json"));
}

// engine.dynamic_batching alone does not make a bundle paged: the generator runs a graph that takes
// its KV cache whole, whatever the config says of the engine.
TEST(PagedKvBundle, DynamicBatchingInTheConfigAloneIsNoRefusal) {
  test::TempDir root;
  const fs::path bundle = root.path() / "plain";
  ASSERT_EQ(test::run_winml("bundle synth --layers 1 -o " + bundle.string()).exit_code, 0);
  const fs::path config = bundle / "genai_config.json";
  std::string text;
  {
    std::ifstream in(config);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto brace = text.rfind('}');
  text.insert(brace, R"(, "engine": {"dynamic_batching": {"block_size": 4, "num_blocks": 128}})");
  std::ofstream(config, std::ios::trunc) << text;
  const auto generate = test::run_winml("generate -m " + bundle.string() + " --prompt hi -n 2");
  EXPECT_EQ(generate.exit_code, 0) << generate.err;
}

}  // namespace
}  // namespace winml
