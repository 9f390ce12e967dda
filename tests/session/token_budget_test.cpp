#include "session/token_budget.h"

#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::session {
namespace {

TEST(TokenBudget, FitsWhenThePromptLeavesRoom) {
  TokenBudget budget = new_token_budget(20, 100, 128);
  EXPECT_EQ(budget.effective, 100);
  EXPECT_FALSE(budget.capped());
}

TEST(TokenBudget, CappedToTheRoomTheContextLeaves) {
  TokenBudget budget = new_token_budget(20, 500, 128);
  EXPECT_EQ(budget.effective, 108);
  EXPECT_TRUE(budget.capped());
  const std::string message = describe_cap(budget);
  EXPECT_NE(message.find("-n 500"), std::string::npos) << message;
  EXPECT_NE(message.find("context_length is 128"), std::string::npos) << message;
  EXPECT_NE(message.find("at most 108 new tokens"), std::string::npos) << message;
  EXPECT_NE(message.find("392 fewer"), std::string::npos) << message;
}

TEST(TokenBudget, LargestRequestDoesNotOverflow) {
  TokenBudget budget = new_token_budget(1, 2147483647, 2147483647);
  EXPECT_EQ(budget.effective, 2147483646);
}

TEST(TokenBudget, ImpossibleRequestsAreUsageErrors) {
  EXPECT_THROW(new_token_budget(20, 0, 128), UsageError);
  EXPECT_THROW(new_token_budget(0, 10, 128), UsageError);
  EXPECT_THROW(new_token_budget(128, 10, 128), UsageError);  // no room left
  EXPECT_THROW(new_token_budget(5000, 10, 128), UsageError);
}

// The KV cache: without depth or max_length it is what the generation needs, -n capped as above.
TEST(KvBudget, DefaultIsWhatTheGenerationNeeds) {
  const KvBudget kv = kv_budget(0, 20, 100, std::nullopt, 128);
  EXPECT_EQ(kv.max_length, 120);
  EXPECT_EQ(kv.used(), 120);
  const KvBudget capped = kv_budget(0, 20, 500, std::nullopt, 128);
  EXPECT_TRUE(capped.tokens.capped());
  EXPECT_EQ(capped.max_length, 128);
}

TEST(KvBudget, DepthAndMaxLengthHoldTheWholeGeneration) {
  const KvBudget kv = kv_budget(1000, 20, 100, std::nullopt, 2048);
  EXPECT_EQ(kv.depth, 1000);
  EXPECT_EQ(kv.max_length, 1120);
  EXPECT_EQ(kv.tokens.effective, 100);
  const KvBudget given = kv_budget(0, 20, 100, 2048, 2048);
  EXPECT_EQ(given.max_length, 2048);
  EXPECT_EQ(given.used(), 120);
}

// With a depth or a max_length the user chose the cache: nothing is capped, a misfit is refused
// with the numbers and the fix.
TEST(KvBudget, MisfitsAreUsageErrorsNamingTheFix) {
  auto message = [](int depth, std::optional<int> max_length) {
    try {
      kv_budget(depth, 20, 100, max_length, 2048);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message(2000, std::nullopt).find("need 2120 tokens"), std::string::npos);
  EXPECT_NE(message(2000, std::nullopt).find("Use --depth 1928 or less"), std::string::npos);
  EXPECT_NE(message(0, 100).find("--max-length 100 is smaller than the 120 tokens"), std::string::npos);
  EXPECT_NE(message(0, 100).find("Use --max-length 120 or more"), std::string::npos);
  EXPECT_NE(message(0, 4096).find("larger than the bundle's context_length 2048"), std::string::npos);
  EXPECT_NE(message(0, 2049).find("Use --max-length 2048 or less"), std::string::npos);
  EXPECT_EQ(message(1928, std::nullopt), "accepted");
}

}  // namespace
}  // namespace winml::session
