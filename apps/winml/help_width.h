#pragma once
/// \file
/// The width --help wraps to.

#include <optional>
#include <string>

namespace winml::cli {

/// Narrowest and widest help: below 40 columns nothing lays out, and lines past 100 are hard to
/// read however wide the window is.
inline constexpr int kMinHelpWidth = 40;
inline constexpr int kMaxHelpWidth = 100;
/// The width when stdout is no terminal (a pipe, a file, a test): what every terminal has.
inline constexpr int kDefaultHelpWidth = 80;

/// The width from COLUMNS (`columns`, when it is a plain positive number) or else the terminal's
/// (`terminal`), else kDefaultHelpWidth; kept within kMinHelpWidth..kMaxHelpWidth.
int choose_help_width(const std::optional<std::string>& columns, std::optional<int> terminal);

/// choose_help_width for this process: $COLUMNS and the terminal behind stdout.
int help_width();

}  // namespace winml::cli
