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

}  // namespace
}  // namespace winml::session
