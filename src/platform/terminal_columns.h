#pragma once
/// \file
/// How wide the terminal behind a standard stream is, so --help wraps where the reader's window
/// ends.

#include <optional>

#include "platform/terminal.h"

namespace winml::platform {

/// Columns of the terminal (a console's window on Windows) that `stream` writes to; nullopt when
/// `stream` is no terminal (a file, a pipe) or the system does not say.
std::optional<int> terminal_columns(StandardStream stream);

}  // namespace winml::platform
