#include "util/json_read.h"

#include <gtest/gtest.h>

#include <string>

namespace winml::json_read {
namespace {

// The error a text gets, or "" when it is read.
JsonReadError refusal(const std::string& text) {
  try {
    (void)parse_ordered(text);
  } catch (const JsonReadError& e) {
    return e;
  }
  return JsonReadError(JsonReadError::Kind::not_json, "", "(accepted)");
}

std::string nested_arrays(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(JsonRead, ReadsWhatNlohmannReads) {
  const std::string text =
      R"({"b": [1, -2, 3.5, 18446744073709551615, true, null, "x\u00e9"], "a": {"c": {}, "d": []}})";
  EXPECT_EQ(parse(text), nlohmann::json::parse(text));
  auto ordered = parse_ordered(text);
  EXPECT_EQ(ordered, nlohmann::ordered_json::parse(text));
  EXPECT_EQ(ordered.begin().key(), "b") << "the ordered reader keeps the written order";
  EXPECT_EQ(parse("7"), 7);
  EXPECT_EQ(parse(" \"s\" "), "s");
}

TEST(JsonRead, RefusesAKeyGivenTwiceNamingItsPath) {
  struct Case {
    std::string text;
    std::string path;
  };
  const Case cases[] = {
      {R"({"a": 1, "a": 2})", "a"},
      {R"({"model": {"decoder": {"session_options": {"x": 1}, "session_options": {}}}})",
       "model.decoder.session_options"},
      {R"({"model": {}, "x": 1, "model": {}})", "model"},
      {R"({"p": [{"ctx": {}}, {"iter": {"f": 1, "g": 2, "f": 3}}]})", "p[1].iter.f"},
      // An escape that spells the same key is the same key.
      {R"({"session_options": {}, "session\u005foptions": {}})", "session_options"},
      {R"({"we.ird": 1, "we.ird": 2})", R"(["we.ird"])"},
  };
  for (const auto& c : cases) {
    auto e = refusal(c.text);
    EXPECT_EQ(e.kind(), JsonReadError::Kind::duplicate_key) << c.text;
    EXPECT_EQ(e.path(), c.path) << c.text;
    EXPECT_NE(std::string(e.what()).find("given twice"), std::string::npos) << e.what();
  }
  EXPECT_NE(std::string(refusal(R"({"a": {"b": 1, "b": 2}})").what()).find("given twice in a (the second at a.b)"),
            std::string::npos);
  EXPECT_NE(std::string(refusal(R"({"a": 1, "a": 2})").what()).find("the top-level object"), std::string::npos);
  // The same key in sibling objects is not a repeat.
  EXPECT_NO_THROW(parse_ordered(R"([{"a": 1}, {"a": 2}, {"b": {"a": 3}}])"));
}

// Objects past the linear-scan size switch to a hash set: a repeat is still found there.
TEST(JsonRead, FindsARepeatInALargeObject) {
  for (int keys : {31, 32, 33, 1000}) {
    std::string text = "{";
    for (int i = 0; i < keys; ++i) text += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ",";
    std::string accepted = text;
    accepted.back() = '}';
    EXPECT_EQ(parse_ordered(accepted).size(), static_cast<std::size_t>(keys));
    EXPECT_EQ(parse(accepted).size(), static_cast<std::size_t>(keys));
    for (int repeat : {0, keys / 2, keys - 1}) {
      const std::string repeated = text + "\"k" + std::to_string(repeat) + "\": 0}";
      EXPECT_EQ(refusal(repeated).path(), "k" + std::to_string(repeat)) << keys << " keys";
      EXPECT_THROW(parse(repeated), JsonReadError);
    }
  }
}

// The top-level container is level 1: max_depth levels are read, one more is refused.
TEST(JsonRead, DepthLimitIsExact) {
  EXPECT_NO_THROW(parse(nested_arrays(kDefaultMaxDepth)));
  auto e = refusal(nested_arrays(kDefaultMaxDepth + 1));
  EXPECT_EQ(e.kind(), JsonReadError::Kind::too_deep);
  EXPECT_NE(std::string(e.what()).find("more than 64 levels"), std::string::npos) << e.what();
  EXPECT_NO_THROW(parse(R"({"a": {"b": 1}})", 2));
  auto deep = refusal(R"({"a": [1, {"b": 1}]})");
  EXPECT_EQ(deep.path(), "(accepted)");
  try {
    (void)parse(R"({"a": [1, {"b": 1}]})", 2);
    ADD_FAILURE() << "three levels read with a limit of two";
  } catch (const JsonReadError& error) {
    EXPECT_EQ(error.path(), "a[1]");
  }
  // A hostile depth is refused, not recursed into.
  EXPECT_THROW(parse(nested_arrays(1'000'000)), JsonReadError);
}

TEST(JsonRead, NotJsonSaysWhereNlohmannSays) {
  for (const std::string text : {"", "{", "{\"a\": }", "[1,]", "{} x", "nan", "{\"a\": 1,}"}) {
    auto e = refusal(text);
    EXPECT_EQ(e.kind(), JsonReadError::Kind::not_json) << text;
    EXPECT_NE(std::string(e.what()).find("parse error"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace winml::json_read
