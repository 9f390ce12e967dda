#include "perf/output_agreement.h"

#include <gtest/gtest.h>

namespace winml::perf {
namespace {

GreedyOutput agreement_output(std::vector<std::int32_t> ids, std::vector<TokenLogit> top = {{1, 4.0F}, {2, 3.0F}}) {
  GenerationTiming t;
  t.token_ids = std::move(ids);
  t.first_top_logits = std::move(top);
  return greedy_output(t, false, ReferenceGeneration::warmup);
}

std::vector<std::int32_t> counting_ids(int n, int from = 0) {
  std::vector<std::int32_t> ids;
  for (int i = 0; i < n; ++i) ids.push_back(from + i);
  return ids;
}

TEST(OutputAgreement, SameIdsAreIdenticalWithTheirLogitDifference) {
  const Agreement a =
      check_agreement(agreement_output({1, 2, 3}), agreement_output({1, 2, 3}, {{1, 4.25F}, {2, 3.0F}}));
  EXPECT_EQ(a.status, AgreementStatus::identical);
  EXPECT_FALSE(a.diverges_at);
  ASSERT_TRUE(a.first_step_logit_diff);
  EXPECT_DOUBLE_EQ(*a.first_step_logit_diff, 0.25);
  EXPECT_EQ(agreement_text(a), "identical ids · step-1 logit Δ 0.25");
}

TEST(OutputAgreement, FirstDifferingIdIsItsOneBasedPosition) {
  const Agreement a = check_agreement(agreement_output({1, 2, 3, 4}), agreement_output({1, 2, 9, 4}));
  EXPECT_EQ(a.status, AgreementStatus::diverged);
  EXPECT_EQ(a.diverges_at, 3);
  EXPECT_EQ(agreement_text(a), "differ at token 3 · step-1 logit Δ 0");
}

TEST(OutputAgreement, FirstTokenDifferenceIsPositionOne) {
  const Agreement a = check_agreement(agreement_output({1, 2}), agreement_output({2, 2}, {{2, 5.0F}, {1, 3.0F}}));
  EXPECT_EQ(a.diverges_at, 1);
  EXPECT_DOUBLE_EQ(*a.first_step_logit_diff, 2.0);  // the largest over ids 1 and 2: |3-4| and |5-3|
}

TEST(OutputAgreement, OneRunStoppingEarlierPartsWhereItStopped) {
  const Agreement a = check_agreement(agreement_output({1, 2, 3}), agreement_output({1, 2}));
  EXPECT_EQ(a.status, AgreementStatus::diverged);
  EXPECT_EQ(a.diverges_at, 3);
}

TEST(OutputAgreement, DifferenceBeyondTheKeptIdsHasNoPosition) {
  std::vector<std::int32_t> other = counting_ids(40);
  other[35] = 999;
  const Agreement a = check_agreement(agreement_output(counting_ids(40)), agreement_output(other));
  EXPECT_EQ(a.status, AgreementStatus::diverged);
  EXPECT_FALSE(a.diverges_at);
  EXPECT_EQ(agreement_text(a).rfind("differ after token 32", 0), 0u);
}

TEST(OutputAgreement, NoCommonCandidateHasNoLogitDifference) {
  const Agreement a = check_agreement(agreement_output({1}, {{1, 1.0F}}), agreement_output({1}, {{5, 1.0F}}));
  EXPECT_EQ(a.status, AgreementStatus::identical);
  EXPECT_FALSE(a.first_step_logit_diff);
  EXPECT_EQ(agreement_text(a), "identical ids");
}

TEST(OutputAgreement, SamplingIsNotComparable) {
  GreedyOutput sampled = agreement_output({1, 2});
  sampled.sampling = true;
  for (const Agreement& a :
       {check_agreement(agreement_output({1, 2}), sampled), check_agreement(sampled, agreement_output({1, 2}))}) {
    EXPECT_EQ(a.status, AgreementStatus::not_comparable);
    EXPECT_EQ(agreement_text(a), "not comparable (sampling)");
  }
}

TEST(OutputAgreement, StatusNamesAreTheReportsSpelling) {
  EXPECT_STREQ(to_string(AgreementStatus::reference), "reference");
  EXPECT_STREQ(to_string(AgreementStatus::identical), "identical");
  EXPECT_STREQ(to_string(AgreementStatus::diverged), "diverged");
  EXPECT_STREQ(to_string(AgreementStatus::not_comparable), "not_comparable");
  EXPECT_EQ(agreement_text(Agreement{}), "reference");
}

// A sweep checks each row against the first row of the same run settings (key), itself when it is
// the first; a row without output is left out and is no one's reference.
TEST(SweepAgreement, EachRowAgainstTheFirstWithItsKey) {
  const std::vector<std::optional<GreedyOutput>> outputs = {std::nullopt,
                                                            agreement_output({1, 2}),
                                                            agreement_output({7}),
                                                            agreement_output({1, 2}),
                                                            agreement_output({1, 3}),
                                                            agreement_output({8})};
  const std::vector<int> keys = {16, 16, 64, 16, 16, 64};
  const auto got = sweep_agreement(outputs, keys);
  ASSERT_EQ(got.size(), 6u);
  EXPECT_FALSE(got[0]);
  EXPECT_EQ(got[1]->status, AgreementStatus::reference);
  EXPECT_EQ(got[1]->reference, 1u);
  EXPECT_EQ(got[2]->status, AgreementStatus::reference);
  EXPECT_EQ(got[3]->status, AgreementStatus::identical);
  EXPECT_EQ(got[3]->reference, 1u);
  EXPECT_EQ(got[4]->status, AgreementStatus::diverged);
  EXPECT_EQ(got[4]->diverges_at, 2);
  EXPECT_EQ(got[5]->status, AgreementStatus::diverged);
  EXPECT_EQ(got[5]->reference, 2u);
  EXPECT_EQ(got[5]->diverges_at, 1);
}

}  // namespace
}  // namespace winml::perf
