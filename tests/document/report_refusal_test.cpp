#include "document/report_refusal.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "winml/errors.h"

namespace winml::document {
namespace {

using Json = nlohmann::ordered_json;

// The message `refuse` throws; "" when it throws nothing.
std::string refusal_of(const std::function<void()>& refuse) {
  try {
    refuse();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(ReportRefusal, NamesTheFileTheProblemAndTheFix) {
  EXPECT_EQ(refusal_of([] { refuse_report("r.json", ": results[0] is odd", "Pass another"); }),
            "r.json: results[0] is odd. Pass another.");
  EXPECT_EQ(refusal_of([] { refuse_not_a_report("r.json", "it is not a JSON object"); }),
            "r.json is not a winml perf report: it is not a JSON object. Pass the JSON report a `winml perf` run "
            "wrote (its -o path, or the path it printed).");
}

TEST(ReportRefusal, AResultNeedsEachObject) {
  const Json result = {{"config", Json::object()}, {"metrics", 3}};
  EXPECT_EQ(refusal_of([&] { check_result_objects(result, "results[1]", "r.json", {"config"}); }), "");
  EXPECT_EQ(refusal_of([&] {
              check_result_objects(result, "results[1]", "r.json", {"config", "metrics"});
            }),
            "r.json is not a winml perf report: results[1] has no \"metrics\" object. Pass the JSON report a "
            "`winml perf` run wrote (its -o path, or the path it printed).");
  EXPECT_NE(refusal_of([] {
              check_result_objects(Json::array(), "the document", "r.json", {});
            }).find("the document is not an object"),
            std::string::npos);
}

}  // namespace
}  // namespace winml::document
