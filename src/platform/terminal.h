#pragma once
/// \file
/// Whether the standard streams reach a terminal, so colour is written only where a person reads it.

namespace winml::platform {

enum class StandardStream { output, error };

/// True when `stream` is connected to a terminal (not a file or a pipe).
bool is_terminal(StandardStream stream);

}  // namespace winml::platform
