#include "util/text_wrap.h"

#include <algorithm>

namespace winml {
namespace {

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Byte length of the first `columns` columns of `text`.
std::size_t prefix_bytes(std::string_view text, std::size_t columns) {
  std::size_t bytes = 0;
  for (std::size_t seen = 0; bytes < text.size(); ++bytes) {
    if (!is_continuation(text[bytes]) && seen++ == columns) break;
  }
  return bytes;
}

// Appends the words of one "\n"-free paragraph to `lines`.
void wrap_paragraph(std::string_view text, std::size_t width, std::vector<std::string>& lines) {
  std::string line;
  std::size_t line_columns = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    at = text.find_first_not_of(' ', at);
    if (at == std::string_view::npos) break;
    std::size_t end = std::min(text.find(' ', at), text.size());
    std::string_view word = text.substr(at, end - at);
    at = end;
    // A word wider than a whole line is cut into line-wide pieces.
    while (display_columns(word) > width) {
      if (!line.empty()) lines.push_back(std::move(line));
      const std::size_t cut = prefix_bytes(word, width);
      lines.emplace_back(word.substr(0, cut));
      word.remove_prefix(cut);
      line.clear();
      line_columns = 0;
    }
    if (word.empty()) continue;
    const std::size_t columns = display_columns(word);
    if (!line.empty() && line_columns + 1 + columns > width) {
      lines.push_back(std::move(line));
      line.clear();
      line_columns = 0;
    }
    if (!line.empty()) {
      line += ' ';
      ++line_columns;
    }
    line += word;
    line_columns += columns;
  }
  if (!line.empty()) lines.push_back(std::move(line));
}

}  // namespace

std::size_t display_columns(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation(c); }));
}

std::vector<std::string> wrap_words(std::string_view text, std::size_t width) {
  width = std::max<std::size_t>(width, 1);
  std::vector<std::string> lines;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    const std::size_t before = lines.size();
    wrap_paragraph(text.substr(0, end), width, lines);
    // An empty paragraph between two "\n" is a blank line the text asked for.
    if (lines.size() == before && end < text.size()) lines.emplace_back();
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return lines;
}

}  // namespace winml
