#pragma once
/// \file
/// The one JSON reader for files that come from someone else: genai_config.json and the tokenizer
/// files of a bundle, perf reports, cache markers. It differs from nlohmann's parse() in three ways
/// that matter for untrusted input:
///  - a key given twice in one object is refused, naming its path. GenAI's own parser applies every
///    occurrence (two "session_options" objects merge), while nlohmann keeps the last one; a check
///    made on nlohmann's view would miss what the first occurrence holds.
///  - nesting deeper than `max_depth` is refused while reading, so no later recursive walk of the
///    tree (copy, compare, dump) can overflow the stack.
///  - reading is linear in the input: nlohmann's callback parser, the usual way to bound the depth,
///    rescans the parent array at the end of every object, which makes a report of a million
///    iterations take minutes.
/// docs/limits.md and docs/security.md state the rules.

#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace winml::json_read {

/// The depth the readers allow unless told otherwise: real configs and reports nest about six
/// levels. The top-level array or object is level 1.
inline constexpr int kDefaultMaxDepth = 64;

/// Why a text was refused. `what()` says it in words without naming the file (the caller knows
/// it): for not_json nlohmann's message with the line and column, else e.g. `the key "decoder" is
/// given twice in model (the second at model.decoder)`. `path()` is the JSON location, e.g.
/// `model.decoder.session_options`; empty for not_json.
class JsonReadError : public std::runtime_error {
 public:
  enum class Kind { not_json, too_deep, duplicate_key };
  JsonReadError(Kind kind, const std::string& message, std::string path)
      : std::runtime_error(message), kind_(kind), path_(std::move(path)) {}
  Kind kind() const noexcept { return kind_; }
  const std::string& path() const noexcept { return path_; }

 private:
  Kind kind_;
  std::string path_;
};

/// Parses `text` as one JSON value, throwing JsonReadError as described above.
nlohmann::json parse(std::string_view text, int max_depth = kDefaultMaxDepth);

/// The same, keeping each object's keys in the order they are written.
nlohmann::ordered_json parse_ordered(std::string_view text, int max_depth = kDefaultMaxDepth);

}  // namespace winml::json_read
