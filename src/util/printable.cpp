#include "util/printable.h"

#include <fmt/format.h>

#include <cstdint>
#include <limits>

#include "util/utf8.h"

namespace winml {
namespace {

// The code point of the well-formed sequence of `length` bytes at `bytes`.
std::uint32_t code_point_at(std::string_view bytes, std::size_t length) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[k])); };
  switch (length) {
    case 1:
      return byte(0);
    case 2:
      return (byte(0) & 0x1F) << 6 | (byte(1) & 0x3F);
    case 3:
      return (byte(0) & 0x0F) << 12 | (byte(1) & 0x3F) << 6 | (byte(2) & 0x3F);
    default:
      return (byte(0) & 0x07) << 18 | (byte(1) & 0x3F) << 12 | (byte(2) & 0x3F) << 6 | (byte(3) & 0x3F);
  }
}

// A non-ASCII character that reorders, breaks or drives what a terminal shows.
bool hidden_control(std::uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

// Walks `text`, appending each character or its escape to `out` until `max_chars` characters
// are out; returns whether all of `text` went.
bool append_printable(std::string_view text, bool keep_lines, std::size_t max_chars, std::string& out) {
  std::size_t chars = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t length = utf8_sequence_length(text, i);
    std::string piece;
    if (length == 0) {
      piece = fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
    } else {
      const std::uint32_t cp = code_point_at(text.substr(i), length);
      if (keep_lines && (cp == '\n' || cp == '\t')) {
        piece = static_cast<char>(cp);
      } else if (cp == '\n') {
        piece = "\\n";
      } else if (cp == '\r') {
        piece = "\\r";
      } else if (cp == '\t') {
        piece = "\\t";
      } else if (cp < 0x20 || cp == 0x7F) {
        piece = fmt::format("\\x{:02x}", cp);
      } else if (hidden_control(cp)) {
        piece = fmt::format("\\u{:04x}", cp);
      } else {
        piece = std::string(text.substr(i, length));
      }
    }
    // An escape counts as the characters it shows, so a cut never splits one.
    const std::size_t width = length > 1 && piece.size() == length ? 1 : piece.size();
    if (chars + width > max_chars) return false;
    chars += width;
    out += piece;
    i += length == 0 ? 1 : length;
  }
  return true;
}

constexpr std::size_t kNoLimit = std::numeric_limits<std::size_t>::max();

// Nothing to escape: the common case, returned without a walk.
bool clean_ascii(std::string_view text, bool keep_lines) {
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F) continue;
    if (keep_lines && (c == '\n' || c == '\t')) continue;
    return false;
  }
  return true;
}

}  // namespace

std::string printable(std::string_view text) {
  if (clean_ascii(text, false)) return std::string(text);
  std::string out;
  out.reserve(text.size());
  append_printable(text, false, kNoLimit, out);
  return out;
}

std::string printable_lines(std::string_view text) {
  if (clean_ascii(text, true)) return std::string(text);
  std::string out;
  out.reserve(text.size());
  append_printable(text, true, kNoLimit, out);
  return out;
}

std::string printable_message(std::string_view text) {
  if (text.size() <= kMessageChars && clean_ascii(text, true)) return std::string(text);
  std::string out;
  if (!append_printable(text, true, kMessageChars, out)) {
    out += fmt::format("… (cut: {} bytes in all)", text.size());
  }
  return out;
}

std::string echo(std::string_view text, std::size_t max_chars) {
  std::string out;
  if (!append_printable(text, false, max_chars, out)) out += "…";
  return out;
}

std::string printable_json(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  std::size_t i = 0;
  while (i < json.size()) {
    const std::size_t length = utf8_sequence_length(json, i);
    if (length > 1 && hidden_control(code_point_at(json.substr(i), length))) {
      out += fmt::format("\\u{:04x}", code_point_at(json.substr(i), length));
    } else {
      out.append(json.substr(i, length == 0 ? 1 : length));
    }
    i += length == 0 ? 1 : length;
  }
  return out;
}

}  // namespace winml
