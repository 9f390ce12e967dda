// Fuzz target: the prompt and chat-template path of `generate` and `perf` up to the engine. The
// first byte picks what the rest is:
//   0: --prompt TEXT (resolve_prompt), then the messages JSON GenAI's chat template is applied to;
//   1: a --prompt-file's bytes (read_prompt_file);
//   2: a bundle's tokenizer_config.json (find_chat_template);
//   3: a bundle's chat_template.jinja, with no tokenizer_config.json (find_chat_template).
// Only winml::Error may come out; any other exception, a crash or a sanitizer report is a bug.
// Properties: an accepted prompt comes back unchanged, from the file as from the flag, and
// inside the messages JSON; a jinja template is passed on byte for byte.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "fuzz_input_file.h"
#include "prompt_source.h"
#include "session/chat_template.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace {

[[noreturn]] void violated(const char* property) {
  std::fprintf(stderr, "property violated: %s\n", property);
  std::abort();
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  winml::fuzz::write_input_file(path, bytes.data(), bytes.size());
}

void prompt_text(const std::string& text) {
  const std::string prompt = winml::cli::resolve_prompt(text, "", "fallback");
  if (prompt != text) violated("an accepted --prompt changed");
  const auto messages = nlohmann::json::parse(winml::session::user_message_json(prompt));
  if (!messages.is_array() || messages.size() != 1 || messages[0].at("role") != "user" ||
      messages[0].at("content").get<std::string>() != prompt)
    violated("the messages JSON does not hold the prompt as the user's message");
}

void prompt_file(const std::filesystem::path& folder, const std::string& bytes) {
  const std::filesystem::path file = folder / "prompt.txt";
  write_file(file, bytes);
  if (winml::cli::resolve_prompt(std::nullopt, file.string(), "fallback") != bytes)
    violated("an accepted --prompt-file changed");
}

void tokenizer_files(const std::filesystem::path& folder, const std::string& bytes, bool config) {
  std::error_code ignored;
  std::filesystem::remove(folder / "tokenizer_config.json", ignored);
  std::filesystem::remove(folder / "chat_template.jinja", ignored);
  write_file(folder / (config ? "tokenizer_config.json" : "chat_template.jinja"), bytes);
  const winml::session::ChatTemplate found = winml::session::find_chat_template(folder);
  if (!config && found.source == winml::session::TemplateSource::jinja_file && found.explicit_text != bytes)
    violated("a jinja template was not passed on as written");
  if (!config && bytes.empty() != (found.source == winml::session::TemplateSource::none))
    violated("a jinja template was lost, or an empty one used");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const winml::test::TempDir folder;
  if (size == 0) return 0;
  const std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    switch (data[0] % 4) {
      case 0:
        prompt_text(bytes);
        break;
      case 1:
        prompt_file(folder.path(), bytes);
        break;
      default:
        tokenizer_files(folder.path(), bytes, data[0] % 4 == 2);
        break;
    }
  } catch (const winml::Error&) {
    // Refused with a message naming the flag or the file.
  }
  return 0;
}
