// GenAI's Engine through the plugin (engine::ServingEngine) on bundles `winml bundle synth`
// writes: several requests at once finish in fewer engine steps than one after the other, a lone
// request gives the generator's greedy tokens, and a decoder pipeline is refused, saying why.

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <vector>

#include "engine/engine_loader.h"
#include "test_support/run_command.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::engine {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kNewTokens = 16;

class ServingEngineTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    root_ = new test::TempDir();
    for (const char* kind : {"plain", "pipe"}) {
      const std::string flags = std::string(kind) == "pipe" ? " --pipeline" : "";
      auto result = test::run_winml("bundle synth -q" + flags + " -o " + (root_->path() / kind).string());
      ASSERT_EQ(result.exit_code, 0) << result.err;
    }
  }
  static void TearDownTestSuite() { delete root_; }
  static std::string bundle(const char* kind) { return (root_->path() / kind).string(); }

  // Distinct prompts of 8 tokens.
  static std::vector<std::int32_t> prompt(int i) {
    std::vector<std::int32_t> ids;
    ids.reserve(8);
    for (int k = 0; k < 8; ++k) ids.push_back(10 + i * 8 + k);
    return ids;
  }

  // Runs `requests` requests, `in_flight` at a time (closed loop); returns the engine steps taken
  // and each request's tokens.
  static std::size_t serve(ServingEngine& serving, int requests, int in_flight,
                           std::map<std::uint64_t, std::vector<std::int32_t>>& tokens) {
    int submitted = 0;
    int finished = 0;
    std::size_t steps = 0;
    while (submitted < requests && submitted - finished < in_flight)
      serving.submit(prompt(submitted++), kNewTokens, kNewTokens);
    while (finished < requests) {
      EXPECT_TRUE(serving.has_pending());
      ++steps;
      for (const ServingEvent& e : serving.step()) {
        if (e.token) tokens[e.request].push_back(*e.token);
        if (!e.turn_finished) continue;
        EXPECT_EQ(e.finish, FinishReason::max_generated_tokens);
        EXPECT_EQ(e.generated_tokens, kNewTokens);
        EXPECT_EQ(e.prompt_tokens, 8u);
        serving.close(e.request);
        ++finished;
        if (submitted < requests) serving.submit(prompt(submitted++), kNewTokens, kNewTokens);
      }
      if (steps > 10'000) {
        ADD_FAILURE() << "the engine did not finish";
        break;
      }
    }
    return steps;
  }

  static test::TempDir* root_;
};
test::TempDir* ServingEngineTest::root_ = nullptr;

TEST_F(ServingEngineTest, FourAtOnceTakeFewerStepsThanOneAtATime) {
  auto model = get().load_genai_model(bundle("plain"));
  auto serving = model->create_serving_engine();
  EXPECT_GE(serving->limits().max_batch_size, 4u);  // a static engine's default
  std::map<std::uint64_t, std::vector<std::int32_t>> one_by_one;
  const std::size_t serial = serve(*serving, 4, 1, one_by_one);
  std::map<std::uint64_t, std::vector<std::int32_t>> together;
  const std::size_t batched = serve(*serving, 4, 4, together);
  RecordProperty("steps_one_at_a_time", static_cast<int>(serial));
  RecordProperty("steps_four_at_once", static_cast<int>(batched));
  EXPECT_LT(batched, serial) << "4 requests of " << kNewTokens << " tokens: " << batched << " steps batched, " << serial
                             << " one at a time";
  ASSERT_EQ(one_by_one.size(), 4u);
  ASSERT_EQ(together.size(), 4u);
  for (const auto& [id, ids] : together) EXPECT_EQ(ids.size(), kNewTokens) << "request " << id;
  EXPECT_FALSE(serving->has_pending());
}

TEST_F(ServingEngineTest, ALoneRequestGivesTheGeneratorsGreedyTokens) {
  auto model = get().load_genai_model(bundle("plain"));
  const std::vector<std::int32_t> ids = prompt(0);
  SearchSettings settings;
  settings.max_length = static_cast<int>(ids.size() + kNewTokens);
  settings.min_length = settings.max_length;
  auto generator = model->create_generator(settings);
  generator->append_tokens(ids.data(), ids.size());
  std::vector<std::int32_t> expected;
  while (!generator->is_done() && expected.size() < kNewTokens) {
    generator->generate_next_token();
    expected.push_back(generator->last_token());
  }
  auto serving = model->create_serving_engine();
  std::map<std::uint64_t, std::vector<std::int32_t>> served;
  serve(*serving, 1, 1, served);
  ASSERT_EQ(served.size(), 1u);
  EXPECT_EQ(served.begin()->second, expected);
}

TEST_F(ServingEngineTest, ADecoderPipelineIsRefusedSayingWhatToUse) {
  auto model = get().load_genai_model(bundle("pipe"));
  try {
    model->create_serving_engine();
    FAIL() << "GenAI's Engine accepted a decoder pipeline";
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cannot serve this bundle"), std::string::npos) << what;
    EXPECT_NE(what.find("plain `winml perf`"), std::string::npos) << what;
  }
}

}  // namespace
}  // namespace winml::engine
