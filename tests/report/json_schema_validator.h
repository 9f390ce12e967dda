#pragma once
/// \file
/// A small JSON Schema (draft 2020-12) validator for the subset docs/report.schema.json uses:
/// type, required, properties, additionalProperties, items, enum, minimum, $ref (local
/// "#/$defs/NAME" only), $defs and oneOf; title, description, $schema and $comment are annotations.
/// Any other keyword is rejected, so the schema cannot silently rely on something unchecked.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace winml::testing {

/// Validates instances against one schema document.
class JsonSchemaValidator {
 public:
  /// Keeps the schema (the root, for $ref). Throws std::invalid_argument when the schema uses a
  /// keyword outside the subset or a $ref that does not resolve.
  explicit JsonSchemaValidator(nlohmann::json schema);
  /// Every violation as "<json pointer>: <what>"; empty when the instance is valid.
  std::vector<std::string> validate(const nlohmann::json& instance) const;

 private:
  /// Throws std::invalid_argument for anything outside the supported subset.
  void check_schema(const nlohmann::json& schema, const std::string& where) const;
  /// Appends the violations of value against schema, at JSON pointer path.
  void check(const nlohmann::json& schema, const nlohmann::json& value, const std::string& path,
             std::vector<std::string>& errors) const;
  /// The schema a local "#/$defs/NAME" reference points to.
  const nlohmann::json& resolve(const std::string& ref) const;
  nlohmann::json root_;  ///< the whole schema document
};

}  // namespace winml::testing
