#include "session/token_budget.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

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

std::string fit_message(const GenerationRequest& request, std::optional<std::size_t> text_tokens, int context) {
  try {
    check_generation_fits(request, text_tokens, context);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "fits";
}

// A --prompt-tokens prompt is known before loading: it must leave room, then fit as kv_budget says.
TEST(GenerationFits, SeededPromptIsCheckedBeforeLoading) {
  EXPECT_EQ(fit_message({64, 32, 0, std::nullopt}, std::nullopt, 128), "fits");
  EXPECT_EQ(fit_message({128, 1, 0, std::nullopt}, std::nullopt, 128),
            "--prompt-tokens 128 leaves no room for new tokens: the bundle's context_length is 128. "
            "Use --prompt-tokens 127 or fewer.");
  EXPECT_NE(fit_message({64, 32, 100, std::nullopt}, std::nullopt, 128).find("need 196 tokens"), std::string::npos);
  // A text prompt's length does not stand in for a seeded one.
  EXPECT_EQ(fit_message({64, 32, 0, std::nullopt}, 5000, 128), "fits");
}

// Before a text prompt is tokenized only what holds for any prompt (one token or more) is checked.
TEST(GenerationFits, UnknownTextPromptChecksWhatHoldsForAnyPrompt) {
  EXPECT_EQ(fit_message({std::nullopt, 32, 0, std::nullopt}, std::nullopt, 128), "fits");
  EXPECT_EQ(fit_message({std::nullopt, 32, 94, std::nullopt}, std::nullopt, 128), "fits");
  EXPECT_EQ(
      fit_message({std::nullopt, 32, 96, std::nullopt}, std::nullopt, 128),
      "--depth 96 + -n 32 leave no room for a prompt in the bundle's context_length 128. Use --depth 94 or less.");
  EXPECT_NE(fit_message({std::nullopt, 32, 0, 256}, std::nullopt, 128).find("--max-length 256 is larger"),
            std::string::npos);
}

// Once tokenized the text prompt is checked like any known prompt.
TEST(GenerationFits, TokenizedTextPromptIsCheckedAsKvBudgetDoes) {
  EXPECT_EQ(fit_message({std::nullopt, 32, 0, std::nullopt}, 20, 128), "fits");
  EXPECT_NE(fit_message({std::nullopt, 32, 90, std::nullopt}, 20, 128).find("need 142 tokens"), std::string::npos);
  EXPECT_NE(fit_message({std::nullopt, 32, 0, 40}, 20, 128).find("--max-length 40 is smaller than the 52 tokens"),
            std::string::npos);
}

}  // namespace
}  // namespace winml::session
