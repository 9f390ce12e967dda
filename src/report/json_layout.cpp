#include "report/json_layout.h"

#include <algorithm>

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

// Lines of filled values end before this column (a value longer than the room left starts a line
// of its own).
constexpr std::size_t kLineWidth = 100;

std::string scalar(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

bool plain_values(const Json& array) {
  return std::none_of(array.begin(), array.end(), [](const Json& v) { return v.is_structured(); });
}

// {"phase": "decode", "start_ms": 1.5, "end_ms": 2.5}: an object of plain values on one line, or
// empty when it has a nested value or would not fit in the line from `column` on.
std::string one_line_object(const Json& object, std::size_t column) {
  std::string text = "{";
  for (const auto& [key, member] : object.items()) {
    if (member.is_structured()) return {};
    text += (text.size() > 1 ? ", " : "") + scalar(Json(key)) + ": " + scalar(member);
    if (column + text.size() + 2 > kLineWidth) return {};
  }
  return text + "}";
}

// `column`: where on its line the value starts.
void write(const Json& value, std::size_t indent, std::size_t column, std::string& out) {
  const std::string inner(indent + 2, ' ');
  if (value.is_object()) {
    if (value.empty()) {
      out += "{}";
      return;
    }
    if (const std::string line = one_line_object(value, column); !line.empty()) {
      out += line;
      return;
    }
    out += "{\n";
    bool first = true;
    for (const auto& [key, member] : value.items()) {
      if (!first) out += ",\n";
      first = false;
      const std::string name = scalar(Json(key)) + ": ";
      out += inner + name;
      write(member, indent + 2, inner.size() + name.size(), out);
    }
    out += "\n" + std::string(indent, ' ') + "}";
    return;
  }
  if (value.is_array()) {
    if (value.empty()) {
      out += "[]";
      return;
    }
    out += "[\n" + inner;
    if (plain_values(value)) {
      // Filled: values separated by ", " until the line is full.
      std::size_t column = inner.size();
      bool first = true;
      for (const Json& element : value) {
        const std::string text = scalar(element);
        if (!first) {
          if (column + 2 + text.size() + 1 > kLineWidth) {  // + 1: the comma ending a full line
            out += ",\n" + inner;
            column = inner.size();
          } else {
            out += ", ";
            column += 2;
          }
        }
        first = false;
        out += text;
        column += text.size();
      }
    } else {
      bool first = true;
      for (const Json& element : value) {
        if (!first) out += ",\n" + inner;
        first = false;
        write(element, indent + 2, inner.size(), out);
      }
    }
    out += "\n" + std::string(indent, ' ') + "]";
    return;
  }
  out += scalar(value);
}

}  // namespace

std::string laid_out_json(const nlohmann::ordered_json& doc) {
  std::string out;
  write(doc, 0, 0, out);
  return out;
}

}  // namespace winml::report
