#include "prompt_source.h"

#include <fmt/format.h>

#include <fstream>
#include <vector>

#include "util/utf8.h"
#include "winml/errors.h"

namespace winml::cli {

std::string read_prompt_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read --prompt-file '" + path + "': check that the file exists and is readable.");
  // Reads in chunks and stops one chunk past the cap, so an endless file costs little.
  std::string text;
  std::vector<char> chunk(std::size_t{1} << 16);
  while (text.size() <= kMaxPromptFileBytes &&
         in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())).gcount() > 0) {
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) throw UsageError("cannot read --prompt-file '" + path + "': a read error occurred.");
  if (text.size() > kMaxPromptFileBytes) {
    throw UsageError(
        fmt::format("--prompt-file '{}' is larger than the {} MiB limit on prompt files; give a shorter "
                    "prompt (a model's whole context is far smaller).",
                    path, kMaxPromptFileBytes >> 20));
  }
  if (text.empty()) throw UsageError("--prompt-file '" + path + "' is empty; write the prompt into it.");
  if (auto bad = invalid_utf8_offset(text)) {
    throw UsageError(
        fmt::format("--prompt-file '{}' is not valid UTF-8 (byte {} is not part of a UTF-8 character); "
                    "save it as UTF-8 text.",
                    path, *bad));
  }
  return text;
}

std::string resolve_prompt(const std::optional<std::string>& prompt, const std::string& prompt_file,
                           const std::string& fallback) {
  if (prompt && !prompt_file.empty()) {
    throw UsageError("--prompt and --prompt-file are mutually exclusive; give one of them.");
  }
  if (!prompt_file.empty()) return read_prompt_file(prompt_file);
  if (!prompt) return fallback;
  if (prompt->empty()) throw UsageError("--prompt is empty; give the prompt text, e.g. --prompt \"Hello\".");
  if (auto bad = invalid_utf8_offset(*prompt)) {
    throw UsageError(fmt::format("--prompt is not valid UTF-8 (byte {} is not part of a UTF-8 character).", *bad));
  }
  return *prompt;
}

}  // namespace winml::cli
