#pragma once
/// \file
/// Where a bundle's chat template comes from: `chat_template` in tokenizer_config.json, else
/// chat_template.jinja, else none (the raw prompt is used).

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace winml::session {

/// Where the template was found.
enum class TemplateSource { none, tokenizer_config, jinja_file };

/// A bundle's chat template.
struct ChatTemplate {
  TemplateSource source = TemplateSource::none;
  /// The template text when it must be passed to GenAI explicitly (jinja file); empty when GenAI
  /// reads it itself from tokenizer_config.json.
  std::string explicit_text;
};

/// Finds the chat template in a tokenizer folder. A malformed tokenizer_config.json is a
/// UsageError naming the file.
ChatTemplate find_chat_template(const std::filesystem::path& tokenizer_dir);

/// The messages JSON GenAI's ApplyChatTemplate takes for one user message.
std::string user_message_json(std::string_view prompt);

}  // namespace winml::session
