// The layout of the report documents: indented objects, arrays of plain values filled into lines,
// so a long run's raw samples do not take a line (and 14 spaces of indentation) each.

#include "report/json_layout.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "fixtures.h"
#include "report/reporter.h"

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

std::size_t longest_line(const std::string& text) {
  std::istringstream lines(text);
  std::size_t longest = 0;
  for (std::string line; std::getline(lines, line);) longest = std::max(longest, line.size());
  return longest;
}

TEST(JsonLayout, ReadsBackAsTheSameDocument) {
  Json doc = {
      {"name", "caf\xc3\xa9 \"quoted\"\n"},
      {"empty_object", Json::object()},
      {"empty_array", Json::array()},
      {"nested", {{"values", {1, 2.5, nullptr, true, "x"}}, {"objects", {{{"a", 1}}, {{"b", Json::array()}}}}}}};
  for (int i = 0; i < 500; ++i) doc["samples"].push_back(0.001 * i);
  const std::string text = laid_out_json(doc);
  EXPECT_EQ(Json::parse(text), doc);
  EXPECT_LE(longest_line(text), 100u) << text;
}

TEST(JsonLayout, ObjectsAreIndentedAndPlainArraysFilled) {
  const Json doc = {{"a", {{"b", {1, 2, 3}}, {"c", 1}}},
                    {"list", {{{"x", 1}, {"y", "two"}}}},
                    {"wide", {{"long_key_number_one", std::string(40, 'x')}, {"long_key_number_two", 2}}}};
  EXPECT_EQ(laid_out_json(doc),
            "{\n"
            "  \"a\": {\n"
            "    \"b\": [\n"
            "      1, 2, 3\n"
            "    ],\n"
            "    \"c\": 1\n"
            "  },\n"
            "  \"list\": [\n"
            "    {\"x\": 1, \"y\": \"two\"}\n"
            "  ],\n"
            "  \"wide\": {\n"
            "    \"long_key_number_one\": \"" +
                std::string(40, 'x') +
                "\",\n"
                "    \"long_key_number_two\": 2\n"
                "  }\n"
                "}");
}

// A report's raw samples cost about what their numbers do: the text is at most half as large again
// as the same document without any whitespace (one number a line made it three times as large).
TEST(JsonLayout, ARunsRawSamplesDoNotMultiplyTheReportsSize) {
  perf::GenaiPerfResult result = testing::genai_fixture();
  for (auto& sample : result.samples) sample.decode_s.assign(2000, 0.000123456);
  const std::string text = make_reporter("json", false)->render(result);
  const std::size_t compact = Json::parse(text).dump().size();
  EXPECT_LT(text.size(), compact * 3 / 2) << text.size() << " bytes against " << compact << " compact";
}

}  // namespace
}  // namespace winml::report
