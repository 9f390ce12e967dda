#include "perf/serving_benchmark.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace winml::perf {
namespace {

using ::testing::HasSubstr;

// A static engine (no token budget) batches 4: 8 in flight leave 4 waiting in its queue.
TEST(ServingBenchmark, ConcurrencyAboveTheBatchLimitNamesTheLimitAndTheFix) {
  const std::string w = batch_limit_warning(8, {4, 0, 0});
  EXPECT_THAT(w, HasSubstr("--concurrency 8 is above the engine's max batch size of 4"));
  EXPECT_THAT(w, HasSubstr("the other 4 wait in its queue"));
  EXPECT_THAT(w, HasSubstr("measure up to --concurrency 4 (GenAI's static engine"));
}

// A dynamic engine reads its limit from the bundle: the fix names the key.
TEST(ServingBenchmark, ADynamicEnginesLimitIsRaisedInTheBundle) {
  EXPECT_THAT(batch_limit_warning(16, {8, 2048, 0}),
              HasSubstr("or raise engine.dynamic_batching.max_batch_size in the bundle's genai_config.json"));
}

TEST(ServingBenchmark, ConcurrencyWithinTheLimitOrNoneIsNotWarned) {
  EXPECT_EQ(batch_limit_warning(4, {4, 0, 0}), "");
  EXPECT_EQ(batch_limit_warning(0, {4, 0, 0}), "");   // an open loop without --concurrency
  EXPECT_EQ(batch_limit_warning(64, {0, 0, 0}), "");  // the engine states no limit
}

}  // namespace
}  // namespace winml::perf
