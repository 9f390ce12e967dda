// GenAI's Engine through the plugin (engine::ServingEngine) on bundles `winml bundle synth`
// writes: several requests at once finish in fewer engine steps than one after the other, an open
// loop submits seeded arrivals on time, a lone request gives the generator's greedy tokens, and a
// decoder pipeline is refused, saying why.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <thread>
#include <vector>

#include "engine/engine_loader.h"
#include "perf/arrivals.h"
#include "perf/serving_loop.h"
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

  // Serves `requests` requests, `in_flight` at a time, through the closed loop perf runs.
  static perf::ServingRun serve(ServingEngine& serving, std::size_t requests, std::size_t in_flight) {
    perf::ServingLoopOptions options;
    options.concurrency = in_flight;
    options.requests = requests;
    options.new_tokens = kNewTokens;
    options.prompt = [](std::size_t index) { return prompt(static_cast<int>(index)); };
    perf::ServingRun run = perf::run_closed_loop(serving, options, steady_clock_seconds());
    for (const perf::ServedRequest& r : run.requests) {
      EXPECT_EQ(r.finish, FinishReason::max_generated_tokens);
      EXPECT_EQ(r.generated_tokens, kNewTokens);
      EXPECT_EQ(r.token_s.size(), kNewTokens);
      EXPECT_EQ(r.prompt_tokens, 8u);
      EXPECT_GT(r.ttft_s(), 0);
    }
    return run;
  }

  static test::TempDir* root_;
};
test::TempDir* ServingEngineTest::root_ = nullptr;

TEST_F(ServingEngineTest, FourAtOnceTakeFewerStepsThanOneAtATime) {
  auto model = get().load_genai_model(bundle("plain"));
  auto serving = model->create_serving_engine();
  EXPECT_GE(serving->limits().max_batch_size, 4u);  // a static engine's default
  const std::size_t serial = serve(*serving, 4, 1).steps.size();
  const perf::ServingRun together = serve(*serving, 4, 4);
  const std::size_t batched = together.steps.size();
  RecordProperty("steps_one_at_a_time", static_cast<int>(serial));
  RecordProperty("steps_four_at_once", static_cast<int>(batched));
  EXPECT_LT(batched, serial) << "4 requests of " << kNewTokens << " tokens: " << batched << " steps batched, " << serial
                             << " one at a time";
  EXPECT_EQ(together.largest_batch(), 4u) << "the engine's own events: 4 tokens in one step";
  EXPECT_EQ(together.generated_tokens(), 4 * kNewTokens);
  EXPECT_FALSE(serving->has_pending());
}

TEST_F(ServingEngineTest, AnOpenLoopServesSeededArrivalsNeverEarly) {
  auto model = get().load_genai_model(bundle("plain"));
  auto serving = model->create_serving_engine();
  perf::ServingLoopOptions options;
  options.requests = 6;
  options.new_tokens = kNewTokens;
  options.prompt = [](std::size_t index) { return prompt(static_cast<int>(index)); };
  const std::vector<double> arrivals = perf::arrival_times(6, {200.0, 1.0, 11});
  const perf::ServingRun run =
      perf::run_open_loop(*serving, options, arrivals, steady_clock_seconds(),
                          [](double seconds) { std::this_thread::sleep_for(std::chrono::duration<double>(seconds)); });
  ASSERT_EQ(run.requests.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    const perf::ServedRequest& r = run.requests[i];
    EXPECT_NEAR(r.arrival_s - run.start_s, arrivals[i], 1e-9);
    EXPECT_GE(r.submit_s, r.arrival_s);
    EXPECT_EQ(r.token_s.size(), kNewTokens);
  }
  EXPECT_EQ(run.generated_tokens(), 6 * kNewTokens);
  // The same seed offers the same load again: a second run's requests arrive at the same times.
  auto again = model->create_serving_engine();
  const perf::ServingRun rerun =
      perf::run_open_loop(*again, options, perf::arrival_times(6, {200.0, 1.0, 11}), steady_clock_seconds(),
                          [](double seconds) { std::this_thread::sleep_for(std::chrono::duration<double>(seconds)); });
  ASSERT_EQ(rerun.requests.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_NEAR(rerun.requests[i].arrival_s - rerun.start_s, run.requests[i].arrival_s - run.start_s, 1e-12);
  }
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
  // The tokens themselves, from the engine's events.
  auto serving = model->create_serving_engine();
  const std::uint64_t id = serving->submit(ids, kNewTokens, kNewTokens);
  std::vector<std::int32_t> served;
  for (int steps = 0; serving->has_pending() && steps < 1000; ++steps) {
    for (const ServingEvent& e : serving->step()) {
      EXPECT_EQ(e.request, id);
      if (e.token) served.push_back(*e.token);
    }
  }
  EXPECT_EQ(served, expected);
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
