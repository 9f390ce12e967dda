#pragma once
/// \file
/// Writing to stdout so that output which cannot be written (a full disk, a closed pipe end) is an
/// error, exit 1 with a message on stderr, instead of exit 0 with the output lost.

#include <string_view>

namespace winml::cli {

/// Writes `text` to stdout and flushes it. Throws winml::Error (runtime) naming the reason when
/// the write or the flush fails, so a streaming command stops at the first lost piece.
void write_stdout(std::string_view text);

/// The last step of main(): flushes std::cout and stdout and, when that fails or an earlier write
/// to them failed, prints an error on stderr. Returns `code`, or 1 when output was lost and the
/// command had otherwise succeeded.
int finish_stdout(int code);

}  // namespace winml::cli
