#include "prompt_source.h"

#include <fmt/format.h>

#include <utility>

#include "platform/read_file.h"
#include "platform/standard_input.h"
#include "platform/utf8_path.h"
#include "util/utf8.h"
#include "winml/errors.h"

namespace winml::cli {

std::string read_prompt_file(const std::string& path) {
  // "-" is standard input, as for cat and most tools: `echo Hi | winml generate --prompt-file -`.
  const bool from_stdin = path == "-";
  // A pipe works (`--prompt-file <(echo hi)`), read to its end or one byte past the cap; a device
  // such as /dev/zero or a FIFO without a writer never blocks or fills memory.
  platform::FileRead read = from_stdin
                                ? platform::read_standard_input(kMaxPromptFileBytes)
                                : platform::read_file_bounded(platform::utf8_path(path),
                                                              {.max_bytes = kMaxPromptFileBytes, .allow_pipe = true});
  if (from_stdin && read.problem == platform::ReadProblem::special) {
    throw UsageError(
        "--prompt-file - reads the prompt from standard input, which is a terminal here; pipe the prompt in "
        "(echo \"Hello\" | winml generate -m DIR --prompt-file -) or give it with --prompt TEXT.");
  }
  switch (read.problem) {
    case platform::ReadProblem::none:
      break;
    case platform::ReadProblem::folder:
    case platform::ReadProblem::special:
      throw UsageError(
          fmt::format("--prompt-file '{}' is {}, not a text file or a pipe; give a UTF-8 text file of "
                      "at most {} MiB.",
                      path, read.problem == platform::ReadProblem::folder ? "a folder" : "a device or socket",
                      kMaxPromptFileBytes >> 20));
    case platform::ReadProblem::too_large:
      throw UsageError(
          fmt::format("--prompt-file '{}' is larger than the {} MiB limit on prompt files; give a shorter "
                      "prompt (a model's whole context is far smaller).",
                      path, kMaxPromptFileBytes >> 20));
    default:
      throw UsageError("cannot read --prompt-file '" + path + "': check that the file exists and is readable" +
                       (read.reason.empty() ? std::string(".") : " (" + read.reason + ")."));
  }
  std::string text = std::move(read.bytes);
  if (text.empty()) {
    throw UsageError(from_stdin ? std::string("--prompt-file - read nothing from standard input; pipe the prompt in, "
                                              "e.g. echo \"Hello\" | winml generate -m DIR --prompt-file -.")
                                : "--prompt-file '" + path + "' is empty; write the prompt into it.");
  }
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
