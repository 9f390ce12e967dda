#include "help_width.h"

#include <algorithm>
#include <charconv>

#include "platform/environment.h"
#include "platform/terminal_columns.h"

namespace winml::cli {

int choose_help_width(const std::optional<std::string>& columns, std::optional<int> terminal) {
  int width = kDefaultHelpWidth;
  int from_env = 0;
  const bool env_given = columns && !columns->empty() &&
                         std::from_chars(columns->data(), columns->data() + columns->size(), from_env).ptr ==
                             columns->data() + columns->size() &&
                         from_env > 0;
  // COLUMNS first, as shells and Python's shutil read it: it is how a script or test asks for a width.
  if (env_given) {
    width = from_env;
  } else if (terminal && *terminal > 0) {
    width = *terminal;
  }
  return std::clamp(width, kMinHelpWidth, kMaxHelpWidth);
}

int help_width() {
  return choose_help_width(platform::environment_variable("COLUMNS"),
                           platform::terminal_columns(platform::StandardStream::output));
}

}  // namespace winml::cli
