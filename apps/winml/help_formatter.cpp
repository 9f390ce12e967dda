#include "help_formatter.h"

#include <algorithm>
#include <set>
#include <string_view>
#include <vector>

#include "util/text_wrap.h"

namespace winml::cli {
namespace {

// CLI11's type name with the descriptions of the option's validators after it, ':'-separated
// ("UINT:1..1000000", "TEXT:PATH:FILE"): the first is the type, the rest the validators'.
std::vector<std::string> type_parts(const CLI::Option& option) {
  std::vector<std::string> parts;
  const std::string full = option.get_type_name();
  std::size_t at = 0;
  while (at <= full.size()) {
    const std::size_t end = std::min(full.find(':', at), full.size());
    parts.push_back(full.substr(at, end - at));
    at = end + 1;
  }
  return parts;
}

bool contains(const std::vector<std::string>& parts, std::string_view part) {
  return std::find(parts.begin(), parts.end(), part) != parts.end();
}

// "1000000" -> "1,000,000" (docs/limits.md's style); other text unchanged.
std::string grouped(const std::string& number) {
  const std::size_t sign = !number.empty() && number.front() == '-' ? 1 : 0;
  if (number.size() - sign <= 4 || number.find_first_not_of("0123456789", sign) != std::string::npos) return number;
  std::string out = number.substr(0, sign);
  const std::size_t digits = number.size() - sign;
  for (std::size_t i = 0; i < digits; ++i) {
    if (i > 0 && (digits - i) % 3 == 0) out += ',';
    out += number[sign + i];
  }
  return out;
}

// A range as number_flags.h's validators describe it ("1..100", ">0..3600", ">=0") in words;
// empty for any other validator description.
std::string range_in_words(const std::string& part) {
  if (part.rfind(">=", 0) == 0) return "at least " + grouped(part.substr(2));
  const std::size_t dots = part.find("..");
  if (dots == std::string::npos || dots == 0) return {};
  if (part.front() == '>') {
    return "above " + grouped(part.substr(1, dots - 1)) + ", at most " + grouped(part.substr(dots + 2));
  }
  return grouped(part.substr(0, dots)) + " to " + grouped(part.substr(dots + 2));
}

// A flag expects no value, though CLI11 gives one with a default_val a type size.
bool takes_value(const CLI::Option& option) { return option.get_type_size() != 0 && option.get_expected_max() != 0; }

// "-m, --model", with a flag and its negation as one: "--[no-]compile".
std::string option_names(const CLI::Option& option) {
  std::vector<std::string> names;
  for (const auto& s : option.get_snames()) names.push_back("-" + s);
  const auto& longs = option.get_lnames();
  for (const auto& l : longs) {
    if (l.rfind("no-", 0) == 0 && std::find(longs.begin(), longs.end(), l.substr(3)) != longs.end()) continue;
    const bool negatable = std::find(longs.begin(), longs.end(), "no-" + l) != longs.end();
    names.push_back(negatable ? "--[no-]" + l : "--" + l);
  }
  std::string joined;
  for (const auto& name : names) joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

// A positional is needed unless it may take no value (`->expected(0, n)`): winml's commands check
// theirs themselves (perf compare: "needs a base report and at least one to compare"), so CLI11's
// required() is not always set on one that is.
bool shown_required(const CLI::Option& option) {
  return option.get_required() || (option.get_positional() && option.get_expected_min() > 0);
}

std::string names_of(const std::set<CLI::Option*>& options) {
  std::string joined;
  for (const CLI::Option* option : options) joined += (joined.empty() ? "" : ", ") + option->get_name();
  return joined;
}

std::vector<const CLI::Option*> shown_options(const CLI::App& app, bool positional) {
  return app.get_options([positional](const CLI::Option* option) {
    return !option->get_group().empty() && (positional ? option->get_positional() : option->nonpositional());
  });
}

}  // namespace

HelpFormatter::HelpFormatter(std::size_t width) : width_(width) {
  // The first column: room for most flags with their placeholder, and at least 40 columns of text.
  column_width(std::min<std::size_t>(30, width > 40 ? width - 40 : 10));
}

std::string HelpFormatter::placeholder(const CLI::Option& option) {
  if (!takes_value(option)) return {};
  const std::vector<std::string> parts = type_parts(option);
  const std::string& type = parts.front();
  std::string word = type;
  if (type == "INT" || type == "UINT") {
    word = "N";
  } else if (type == "FLOAT") {
    word = "NUM";
  } else if (type == "BOOLEAN") {
    word = "BOOL";
  } else if (type == "TEXT") {
    const bool path = std::any_of(parts.begin() + 1, parts.end(), [](const std::string& p) {
      return p.rfind("PATH", 0) == 0;  // path_value's "PATH", CLI::ExistingPath's "PATH(existing)"
    });
    word = contains(parts, "DIR") ? "DIR" : contains(parts, "FILE") ? "FILE" : path ? "PATH" : "TEXT";
    if (word == "TEXT" &&
        std::any_of(parts.begin(), parts.end(), [](const std::string& p) { return !p.empty() && p.front() == '{'; })) {
      word = "NAME";  // one of a set: the description names them
    }
  }
  if (option.get_expected_max() >= CLI::detail::expected_max_vector_size) word += "...";
  return word;
}

std::string HelpFormatter::notes(const CLI::Option& option) {
  std::vector<std::string> notes;
  if (takes_value(option)) {
    const std::vector<std::string> parts = type_parts(option);
    for (std::size_t i = 1; i < parts.size(); ++i) {
      std::string range = range_in_words(parts[i]);
      if (!range.empty()) notes.push_back(std::move(range));
    }
    if (!option.get_default_str().empty()) notes.push_back("default " + option.get_default_str());
    if (shown_required(option)) notes.push_back("required");
  }
  if (!option.get_needs().empty()) notes.push_back("needs " + names_of(option.get_needs()));
  if (!option.get_excludes().empty()) notes.push_back("not with " + names_of(option.get_excludes()));
  std::string joined;
  for (const auto& note : notes) joined += (joined.empty() ? "" : "; ") + note;
  return joined;
}

std::string HelpFormatter::wrapped(const std::string& text, std::size_t indent) const {
  std::string out;
  for (const auto& line : wrap_words(text, width_ - indent)) out += std::string(indent, ' ') + line + "\n";
  return out;
}

std::string HelpFormatter::two_columns(const std::string& left, const std::string& text) const {
  const std::size_t column = get_column_width();
  const std::string head = "  " + left;
  std::string out;
  std::vector<std::string> lines = wrap_words(text, width_ - column);
  std::size_t first = 0;
  if (display_columns(head) + 2 > column || lines.empty()) {
    // Too wide for the column (or nothing beside it): the names get lines of their own.
    for (const auto& piece : wrap_words(left, width_ - 2)) out += "  " + piece + "\n";
  } else {
    out += head + std::string(column - display_columns(head), ' ') + lines.front() + "\n";
    first = 1;
  }
  for (std::size_t i = first; i < lines.size(); ++i) out += std::string(column, ' ') + lines[i] + "\n";
  return out;
}

std::string HelpFormatter::usage(const CLI::App& app, const std::string& name) const {
  std::string line = "Usage: " + name;
  if (!shown_options(app, false).empty()) line += " [OPTIONS]";
  for (const CLI::Option* positional : shown_options(app, true)) {
    const std::string word = placeholder(*positional);
    line += " " + (shown_required(*positional) ? word : "[" + word + "]");
  }
  const auto commands = app.get_subcommands([](const CLI::App* sub) { return !sub->get_disabled(); });
  if (!commands.empty()) line += app.get_require_subcommand_min() > 0 ? " COMMAND" : " [COMMAND]";
  // Continuation lines indented under the first word after "Usage: ".
  const std::size_t indent = std::min<std::size_t>(name.size() + 8, width_ / 2);
  std::vector<std::string> lines = wrap_words(line, width_);
  std::string out = lines.empty() ? std::string() : lines.front() + "\n";
  if (lines.size() > 1) {
    std::string rest;
    for (std::size_t i = 1; i < lines.size(); ++i) rest += (rest.empty() ? "" : " ") + lines[i];
    out += wrapped(rest, indent);
  }
  return out;
}

std::string HelpFormatter::make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const {
  if (mode == CLI::AppFormatMode::Sub) return CLI::Formatter::make_help(app, name, mode);
  std::string out;
  if (!app->get_description().empty()) out += wrapped(app->get_description()) + "\n";
  out += usage(*app, name);
  const auto positionals = shown_options(*app, true);
  if (!positionals.empty()) {
    out += "\nArguments:\n";
    for (const CLI::Option* option : positionals) {
      const std::string extra = notes(*option);
      out += two_columns(placeholder(*option), option->get_description() + (extra.empty() ? "" : " [" + extra + "]"));
    }
  }
  const auto options = shown_options(*app, false);
  if (!options.empty()) {
    out += "\nOptions:\n";
    for (const CLI::Option* option : options) {
      const std::string word = placeholder(*option);
      const std::string extra = notes(*option);
      out += two_columns(option_names(*option) + (word.empty() ? "" : " " + word),
                         option->get_description() + (extra.empty() ? "" : " [" + extra + "]"));
    }
  }
  const auto commands = app->get_subcommands([](const CLI::App* sub) { return !sub->get_disabled(); });
  if (!commands.empty()) {
    out += "\nCommands:\n";
    for (const CLI::App* command : commands) out += two_columns(command->get_name(), command->get_description());
  }
  if (!app->get_footer().empty()) out += "\n" + wrapped(app->get_footer());
  return out;
}

}  // namespace winml::cli
