#pragma once
/// \file
/// Reading what is piped into winml (`--prompt-file -`), with the bound every file read has.

#include <cstdint>

#include "platform/read_file.h"

namespace winml::platform {

/// Reads standard input to its end, at most `max_bytes` of it (too_large, and no bytes, once more
/// came through). A terminal is not read (special): a person would have to end the text with
/// Ctrl-D, and the program would look hung waiting for it.
FileRead read_standard_input(std::uint64_t max_bytes);

}  // namespace winml::platform
