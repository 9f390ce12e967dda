#include "json_schema_validator.h"

#include <cmath>
#include <set>
#include <stdexcept>

namespace winml::testing {
namespace {

const std::set<std::string> kKeywords = {
    "type",  "required", "properties", "additionalProperties", "items",   "enum",    "minimum", "$ref",
    "$defs", "oneOf",    "title",      "description",          "$schema", "$comment"};

bool has_type(const nlohmann::json& value, const std::string& type) {
  if (type == "object") return value.is_object();
  if (type == "array") return value.is_array();
  if (type == "string") return value.is_string();
  if (type == "boolean") return value.is_boolean();
  if (type == "null") return value.is_null();
  if (type == "number") return value.is_number();
  // JSON Schema: an integer is a number with no fractional part, whatever its spelling (1.0 is one).
  if (type == "integer") {
    if (value.is_number_integer()) return true;
    return value.is_number_float() && std::floor(value.get<double>()) == value.get<double>();
  }
  throw std::invalid_argument("unknown type '" + type + "' in schema");
}

std::string escape(const std::string& key) {
  std::string out;
  for (char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

}  // namespace

JsonSchemaValidator::JsonSchemaValidator(nlohmann::json schema) : root_(std::move(schema)) { check_schema(root_, "#"); }

const nlohmann::json& JsonSchemaValidator::resolve(const std::string& ref) const {
  const std::string prefix = "#/$defs/";
  if (ref.rfind(prefix, 0) != 0) throw std::invalid_argument("only local $ref #/$defs/NAME is supported: " + ref);
  const std::string name = ref.substr(prefix.size());
  if (!root_.contains("$defs") || !root_["$defs"].contains(name)) throw std::invalid_argument("unresolved $ref " + ref);
  return root_["$defs"][name];
}

void JsonSchemaValidator::check_schema(const nlohmann::json& schema, const std::string& where) const {
  if (schema.is_boolean()) return;
  if (!schema.is_object()) throw std::invalid_argument(where + ": a schema must be an object or a boolean");
  for (const auto& [key, value] : schema.items()) {
    if (!kKeywords.count(key)) throw std::invalid_argument(where + ": unsupported keyword '" + key + "'");
  }
  if (schema.contains("$ref")) resolve(schema["$ref"].get<std::string>());
  if (schema.contains("type")) {
    const nlohmann::json& t = schema["type"];
    // has_type throws for a type name it does not know; the value checked against is irrelevant.
    for (const auto& one : t.is_array() ? t : nlohmann::json::array({t})) has_type(nullptr, one.get<std::string>());
  }
  if (schema.contains("properties")) {
    for (const auto& [key, sub] : schema["properties"].items()) check_schema(sub, where + "/properties/" + key);
  }
  if (schema.contains("$defs")) {
    for (const auto& [key, sub] : schema["$defs"].items()) check_schema(sub, where + "/$defs/" + key);
  }
  for (const char* key : {"items", "additionalProperties"}) {
    if (schema.contains(key)) check_schema(schema[key], where + "/" + key);
  }
  if (schema.contains("oneOf")) {
    for (std::size_t i = 0; i < schema["oneOf"].size(); ++i) {
      check_schema(schema["oneOf"][i], where + "/oneOf/" + std::to_string(i));
    }
  }
}

std::vector<std::string> JsonSchemaValidator::validate(const nlohmann::json& instance) const {
  std::vector<std::string> errors;
  check(root_, instance, "", errors);
  return errors;
}

void JsonSchemaValidator::check(const nlohmann::json& schema, const nlohmann::json& value, const std::string& path,
                                std::vector<std::string>& errors) const {
  const std::string at = path.empty() ? "/" : path;
  if (schema.is_boolean()) {
    if (!schema.get<bool>()) errors.push_back(at + ": not allowed here");
    return;
  }
  if (schema.contains("$ref")) check(resolve(schema["$ref"].get<std::string>()), value, path, errors);
  if (schema.contains("type")) {
    const nlohmann::json& t = schema["type"];
    bool ok = false;
    for (const auto& one : t.is_array() ? t : nlohmann::json::array({t}))
      ok = ok || has_type(value, one.get<std::string>());
    if (!ok) errors.push_back(at + ": expected type " + t.dump() + ", got " + value.type_name());
  }
  if (schema.contains("enum")) {
    bool found = false;
    for (const auto& option : schema["enum"]) found = found || option == value;
    if (!found) errors.push_back(at + ": " + value.dump() + " is not one of " + schema["enum"].dump());
  }
  if (schema.contains("minimum") && value.is_number() && value.get<double>() < schema["minimum"].get<double>()) {
    errors.push_back(at + ": " + value.dump() + " is below the minimum " + schema["minimum"].dump());
  }
  if (value.is_object()) {
    if (schema.contains("required")) {
      for (const auto& key : schema["required"]) {
        if (!value.contains(key.get<std::string>())) errors.push_back(at + ": missing required " + key.dump());
      }
    }
    const nlohmann::json properties = schema.value("properties", nlohmann::json::object());
    for (const auto& [key, sub] : value.items()) {
      const std::string child = path + "/" + escape(key);
      if (properties.contains(key)) {
        check(properties[key], sub, child, errors);
      } else if (schema.contains("additionalProperties")) {
        check(schema["additionalProperties"], sub, child, errors);
      }
    }
  }
  if (value.is_array() && schema.contains("items")) {
    for (std::size_t i = 0; i < value.size(); ++i)
      check(schema["items"], value[i], path + "/" + std::to_string(i), errors);
  }
  if (schema.contains("oneOf")) {
    std::size_t matches = 0;
    std::vector<std::string> branch_errors;
    for (std::size_t i = 0; i < schema["oneOf"].size(); ++i) {
      std::vector<std::string> mine;
      check(schema["oneOf"][i], value, path, mine);
      if (mine.empty()) ++matches;
      for (const auto& e : mine) branch_errors.push_back("oneOf[" + std::to_string(i) + "] " + e);
    }
    if (matches != 1) {
      errors.push_back(at + ": matches " + std::to_string(matches) + " of the oneOf schemas, must match exactly 1");
      // The branch errors say why nothing matched, which is what a failing test needs to show.
      if (matches == 0) errors.insert(errors.end(), branch_errors.begin(), branch_errors.end());
    }
  }
}

}  // namespace winml::testing
