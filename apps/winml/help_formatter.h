#pragma once
/// \file
/// winml's --help layout: wrapped to a width, one placeholder style (N, NUM, SECONDS, PATH, FILE,
/// DIR, NAME, TEXT, or the flag's own word), each value's range, default and requirement in
/// words, in [] after its description, and none of CLI11's internal notation (`{false}`,
/// `TEXT:PATH(existing)`, `INT:-9223372036854775808..`).

#include <CLI/CLI.hpp>
#include <cstddef>
#include <string>

namespace winml::cli {

class HelpFormatter : public CLI::Formatter {
 public:
  /// Help lines are at most `width` columns (help_width.h chooses it).
  explicit HelpFormatter(std::size_t width);

  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override;

  /// The placeholder of the value `option` takes ("N", "PATH", "N|LIST", "REPORT..."); empty for
  /// a flag.
  static std::string placeholder(const CLI::Option& option);

  /// What the description leaves to CLI11 settings, in words: "1 to 1,000,000; default auto;
  /// required; needs --validate". Empty when there is nothing to add. --help shows it in [].
  static std::string notes(const CLI::Option& option);

 private:
  // Two columns: `left` (a flag's names and placeholder, a command's name) and `text` wrapped
  // beside it, or under it when `left` is wider than the first column.
  std::string two_columns(const std::string& left, const std::string& text) const;
  std::string usage(const CLI::App& app, const std::string& name) const;
  std::string wrapped(const std::string& text, std::size_t indent = 0) const;

  std::size_t width_;
};

}  // namespace winml::cli
