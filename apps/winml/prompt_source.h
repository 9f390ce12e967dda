#pragma once
/// \file
/// The prompt of `generate` and `perf`: --prompt TEXT or --prompt-file PATH, checked before any
/// model loads (not empty, valid UTF-8, a bounded file size).

#include <cstddef>
#include <optional>
#include <string>

namespace winml::cli {

/// Largest --prompt-file accepted: 16 MiB, far beyond any model's context, and small enough that
/// a mistaken path (/dev/zero, a model's weights) fails fast instead of filling memory.
inline constexpr std::size_t kMaxPromptFileBytes = std::size_t{16} << 20;

/// Reads a prompt file, at most kMaxPromptFileBytes of it (so an endless file stops there); "-"
/// reads standard input (a pipe or a redirected file, not a terminal).
/// Throws UsageError naming the file when it cannot be read, is empty, is larger than the cap or
/// is not valid UTF-8 (with the byte offset).
std::string read_prompt_file(const std::string& path);

/// The prompt: --prompt-file's content when given, else --prompt when given, else `fallback`.
/// Throws UsageError when both are given, when a given --prompt is empty or not valid UTF-8, or
/// when the file is refused by read_prompt_file.
std::string resolve_prompt(const std::optional<std::string>& prompt, const std::string& prompt_file,
                           const std::string& fallback);

}  // namespace winml::cli
