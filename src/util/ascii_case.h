#pragma once
/// \file
/// ASCII case folding for names compared case-insensitively (EP names and aliases, devices,
/// option keys). Only A-Z/a-z change: these names are ASCII, and a locale must not turn "I" into
/// a dotless "ı". Header-only so the engine plugin, which links nothing of winml_core, can use it.

#include <algorithm>
#include <string>
#include <string_view>

namespace winml {

/// `c` lower-cased if it is an ASCII capital letter, else unchanged.
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

/// `c` upper-cased if it is an ASCII small letter, else unchanged.
constexpr char ascii_upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

/// `text` with ASCII letters lower-cased: "QNNExecutionProvider" -> "qnnexecutionprovider".
inline std::string to_lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), ascii_lower);
  return out;
}

/// `text` with ASCII letters upper-cased: "npu" -> "NPU".
inline std::string to_upper(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), ascii_upper);
  return out;
}

/// True when `a` and `b` differ at most in the case of ASCII letters.
constexpr bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
}

}  // namespace winml
