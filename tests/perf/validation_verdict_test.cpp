#include "perf/validation_verdict.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "winml/errors.h"

namespace winml::perf {
namespace {

OnnxPerfResult validated(std::vector<OutputCheck> outputs) {
  OnnxPerfResult result;
  result.metrics.validation = OnnxValidation{std::nullopt, std::nullopt, std::move(outputs)};
  return result;
}

OutputCheck verdict_output(std::uint64_t mismatched, std::string problem = {}) {
  OutputCheck check;
  check.data_set = "test_data_set_0";
  check.output = "y";
  check.mismatched = mismatched;
  check.problem = std::move(problem);
  return check;
}

TEST(ValidationVerdictTest, CountsEveryOutputOfEveryValidatedResult) {
  const std::vector<OnnxPerfResult> results = {validated({verdict_output(0), verdict_output(3)}), OnnxPerfResult{},
                                               validated({verdict_output(0, "shape [2] against [3]")})};
  const ValidationCount count = count_validated_outputs(results);
  EXPECT_EQ(count.checked, 3u);
  EXPECT_EQ(count.failed, 2u);
}

TEST(ValidationVerdictTest, PassingOrUnvalidatedRunsReturn) {
  EXPECT_NO_THROW(require_valid_outputs(std::vector<OnnxPerfResult>{OnnxPerfResult{}}));
  EXPECT_NO_THROW(require_valid_outputs(std::vector<OnnxPerfResult>{validated({verdict_output(0)})}));
  EXPECT_NO_THROW(require_valid_outputs({}));
}

// A mismatch is a ValidationError (exit code 3) naming the count and the fix.
TEST(ValidationVerdictTest, MismatchIsAValidationErrorNamingTheFix) {
  const std::vector<OnnxPerfResult> results = {validated({verdict_output(1), verdict_output(0)})};
  try {
    require_valid_outputs(results);
    ADD_FAILURE() << "accepted";
  } catch (const ValidationError& e) {
    EXPECT_EQ(std::string(e.what()),
              "1 of 2 outputs do not match the expected outputs (see the validation table). If the errors are "
              "acceptable for this EP, widen the tolerance with --rtol / --atol.");
    EXPECT_EQ(e.category(), ErrorCategory::validation);
  }
}

}  // namespace
}  // namespace winml::perf
