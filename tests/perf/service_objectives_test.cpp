#include "perf/service_objectives.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::perf {
namespace {

using ::testing::HasSubstr;

// A request arriving at 0 whose tokens come at `tokens` seconds, ending with the last.
ServedRequest request(std::vector<double> tokens) {
  ServedRequest r;
  r.token_s = std::move(tokens);
  if (!r.token_s.empty()) {
    r.first_token_s = r.token_s.front();
    r.finish_s = r.token_s.back();
  }
  return r;
}

std::string usage_error_of(std::string_view text) {
  try {
    parse_service_objectives(text);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ServiceObjectives, ParsesEachObjectiveWithItsUnit) {
  const ServiceObjectives o = parse_service_objectives("ttft=500ms,tpot=50ms,e2e=2s");
  EXPECT_DOUBLE_EQ(*o.ttft_s, 0.5);
  EXPECT_DOUBLE_EQ(*o.tpot_s, 0.05);
  EXPECT_DOUBLE_EQ(*o.e2e_s, 2.0);
  EXPECT_EQ(describe(o), "ttft <= 500 ms, tpot <= 50 ms, e2e <= 2 s");
  const ServiceObjectives only = parse_service_objectives("tpot=800us");
  EXPECT_FALSE(only.ttft_s);
  EXPECT_DOUBLE_EQ(*only.tpot_s, 800e-6);
  EXPECT_EQ(describe(only), "tpot <= 800 us");
}

TEST(ServiceObjectives, BadTextNamesThePartAndTheForm) {
  EXPECT_THAT(usage_error_of("ttft=500"),
              HasSubstr("--slo ttft=500: the time must be a positive number with its unit"));
  EXPECT_THAT(usage_error_of("ttft=-5ms"), HasSubstr("positive"));
  EXPECT_THAT(usage_error_of("latency=5ms"), HasSubstr("unknown objective 'latency'"));
  EXPECT_THAT(usage_error_of("ttft=5ms,ttft=6ms"), HasSubstr("gives ttft twice"));
  EXPECT_THAT(usage_error_of("ttft"), HasSubstr("'ttft' is not NAME=TIME"));
  EXPECT_THAT(usage_error_of("ttft=5ms,"), HasSubstr("'' is not NAME=TIME"));
  EXPECT_THAT(usage_error_of(""), HasSubstr("at least one objective"));
  EXPECT_THAT(usage_error_of("e2e=1h"), HasSubstr("e.g. --slo ttft=500ms,tpot=50ms,e2e=2s"));
}

TEST(ServiceObjectives, ARequestMeetsEveryObjectiveGivenOrNot) {
  const ServedRequest fast = request({0.1, 0.2, 0.3});  // TTFT 0.1, TPOT 0.1, E2E 0.3
  EXPECT_DOUBLE_EQ(*time_per_output_token_s(fast), 0.1);
  EXPECT_TRUE(meets(fast, parse_service_objectives("ttft=100ms,tpot=100ms,e2e=300ms")));
  EXPECT_FALSE(meets(fast, parse_service_objectives("ttft=99ms")));
  EXPECT_FALSE(meets(fast, parse_service_objectives("tpot=99ms")));
  EXPECT_FALSE(meets(fast, parse_service_objectives("e2e=299ms")));
  const ServedRequest one = request({0.1});
  EXPECT_FALSE(time_per_output_token_s(one));
  EXPECT_TRUE(meets(one, parse_service_objectives("tpot=1us")));           // no gap to judge
  EXPECT_FALSE(meets(request({}), parse_service_objectives("ttft=10s")));  // never produced a token
}

TEST(ServiceObjectives, GoodputIsTheShareAndRateOfRequestsThatMetThem) {
  ServingRun run;
  run.start_s = 0;
  run.end_s = 2;
  run.requests = {request({0.1, 0.2}), request({0.5, 0.6}), request({0.1, 0.9}), request({0.2, 0.3})};
  const Goodput g = goodput(run, parse_service_objectives("ttft=200ms,tpot=200ms"));
  EXPECT_EQ(g.met, 2u);  // the second's TTFT and the third's TPOT are too long
  EXPECT_EQ(g.requests, 4u);
  EXPECT_DOUBLE_EQ(g.share(), 0.5);
  EXPECT_DOUBLE_EQ(g.requests_per_s, 1.0);
}

}  // namespace
}  // namespace winml::perf
