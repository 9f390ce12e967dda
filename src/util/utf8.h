#pragma once
/// \file
/// UTF-8 validation of text that came from outside (a prompt file, a command-line argument), so
/// it is refused with its file and byte offset instead of failing somewhere inside the tokenizer.

#include <cstddef>
#include <optional>
#include <string_view>

namespace winml {

/// Offset of the first byte that does not start a well-formed UTF-8 sequence (RFC 3629: no
/// overlong forms, no surrogates, nothing above U+10FFFF); nullopt when all of `text` is valid.
std::optional<std::size_t> invalid_utf8_offset(std::string_view text);

/// Length in bytes of the well-formed UTF-8 sequence that starts at `text[offset]` (1 to 4), or 0
/// when none starts there (a stray continuation byte, an overlong form, a surrogate, a truncated
/// sequence). `offset` must be below text.size().
std::size_t utf8_sequence_length(std::string_view text, std::size_t offset);

}  // namespace winml
