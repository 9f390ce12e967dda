// The validator must itself be able to fail, or the schema tests prove nothing.
#include "json_schema_validator.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace winml::testing {
namespace {

using nlohmann::json;

bool valid(const json& schema, const json& value) { return JsonSchemaValidator(schema).validate(value).empty(); }

TEST(JsonSchemaValidator, Type) {
  EXPECT_TRUE(valid({{"type", "string"}}, "x"));
  EXPECT_FALSE(valid({{"type", "string"}}, 1));
  EXPECT_TRUE(valid({{"type", "integer"}}, 3));
  EXPECT_TRUE(valid({{"type", "integer"}}, 3.0));
  EXPECT_FALSE(valid({{"type", "integer"}}, 3.5));
  EXPECT_TRUE(valid({{"type", "number"}}, 3));
  EXPECT_FALSE(valid({{"type", "number"}}, "3"));
  EXPECT_TRUE(valid({{"type", json::array({"number", "null"})}}, nullptr));
  EXPECT_FALSE(valid({{"type", json::array({"number", "null"})}}, true));
  EXPECT_FALSE(valid({{"type", "boolean"}}, 0));
  EXPECT_FALSE(valid({{"type", "object"}}, json::array()));
  EXPECT_FALSE(valid({{"type", "array"}}, json::object()));
}

TEST(JsonSchemaValidator, RequiredPropertiesAndAdditionalProperties) {
  const json schema = {{"type", "object"},
                       {"required", {"a"}},
                       {"additionalProperties", false},
                       {"properties", {{"a", {{"type", "integer"}}}, {"b", {{"type", "string"}}}}}};
  EXPECT_TRUE(valid(schema, {{"a", 1}}));
  EXPECT_TRUE(valid(schema, {{"a", 1}, {"b", "x"}}));
  EXPECT_FALSE(valid(schema, {{"b", "x"}}));             // missing a
  EXPECT_FALSE(valid(schema, {{"a", "1"}}));             // wrong type inside
  EXPECT_FALSE(valid(schema, {{"a", 1}, {"c", true}}));  // unknown key
  const json open = {{"type", "object"}, {"additionalProperties", {{"type", "integer"}}}};
  EXPECT_TRUE(valid(open, {{"x", 1}}));
  EXPECT_FALSE(valid(open, {{"x", "1"}}));
}

TEST(JsonSchemaValidator, ItemsEnumMinimum) {
  const json items = {{"type", "array"}, {"items", {{"type", "number"}, {"minimum", 0}}}};
  EXPECT_TRUE(valid(items, {0, 1.5}));
  EXPECT_FALSE(valid(items, {0, -1}));
  EXPECT_FALSE(valid(items, {0, "x"}));
  EXPECT_TRUE(valid({{"enum", {1, "a"}}}, "a"));
  EXPECT_FALSE(valid({{"enum", {1, "a"}}}, 2));
  EXPECT_TRUE(valid({{"minimum", 1}}, 1));
  EXPECT_FALSE(valid({{"minimum", 1}}, 0.5));
}

TEST(JsonSchemaValidator, RefAndOneOf) {
  const json schema = {
      {"oneOf", {{{"$ref", "#/$defs/a"}}, {{"$ref", "#/$defs/b"}}}},
      {"$defs",
       {{"a", {{"type", "object"}, {"required", {"kind"}}, {"properties", {{"kind", {{"enum", {"a"}}}}}}}},
        {"b", {{"type", "object"}, {"required", {"kind"}}, {"properties", {{"kind", {{"enum", {"b"}}}}}}}}}}};
  EXPECT_TRUE(valid(schema, {{"kind", "a"}}));
  EXPECT_TRUE(valid(schema, {{"kind", "b"}}));
  EXPECT_FALSE(valid(schema, {{"kind", "c"}}));  // matches neither
  const json both = {{"oneOf", {{{"type", "integer"}}, {{"type", "number"}}}}};
  EXPECT_FALSE(valid(both, 1));  // matches both
  EXPECT_TRUE(valid(both, 1.5));
}

TEST(JsonSchemaValidator, ErrorsNameThePath) {
  const json schema = {{"type", "object"},
                       {"properties", {{"a", {{"type", "array"}, {"items", {{"type", "string"}}}}}}}};
  const auto errors = JsonSchemaValidator(schema).validate({{"a", {"x", 2}}});
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].rfind("/a/1:", 0), 0u) << errors[0];
}

TEST(JsonSchemaValidator, UnsupportedKeywordsAndBadRefsAreRejected) {
  EXPECT_THROW(JsonSchemaValidator(json{{"pattern", "x"}}), std::invalid_argument);
  EXPECT_THROW(JsonSchemaValidator(json{{"properties", {{"a", {{"maxLength", 3}}}}}}), std::invalid_argument);
  EXPECT_THROW(JsonSchemaValidator(json{{"$ref", "#/$defs/missing"}}), std::invalid_argument);
  EXPECT_THROW(JsonSchemaValidator(json{{"$ref", "other.json"}}), std::invalid_argument);
  EXPECT_THROW(JsonSchemaValidator(json{{"type", "float"}}), std::invalid_argument);
}

}  // namespace
}  // namespace winml::testing
