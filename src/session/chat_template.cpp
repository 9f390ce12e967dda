#include "session/chat_template.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "platform/read_file.h"
#include "util/file_limits.h"
#include "util/json_read.h"
#include "winml/errors.h"

namespace winml::session {

ChatTemplate find_chat_template(const std::filesystem::path& tokenizer_dir) {
  ChatTemplate result;
  auto config_path = tokenizer_dir / "tokenizer_config.json";
  if (const auto text = platform::read_regular_file_if_present(config_path, kMaxConfigFileBytes,
                                                               "tokenizer_config.json", ErrorCategory::usage)) {
    nlohmann::json config;
    try {
      config = json_read::parse(*text);
    } catch (const json_read::JsonReadError& e) {
      throw UsageError(config_path.string() +
                       (e.kind() == json_read::JsonReadError::Kind::not_json
                            ? " is not valid JSON (" + std::string(e.what()) + ")"
                            : ": " + std::string(e.what())) +
                       ". Fix or regenerate the bundle's tokenizer files.");
    }
    if (config.is_object() && config.contains("chat_template") && !config["chat_template"].is_null()) {
      result.source = TemplateSource::tokenizer_config;
      return result;
    }
  }
  auto jinja_path = tokenizer_dir / "chat_template.jinja";
  if (auto text = platform::read_regular_file_if_present(jinja_path, kMaxChatTemplateBytes, "chat_template.jinja",
                                                         ErrorCategory::usage)) {
    if (!text->empty()) {
      result.source = TemplateSource::jinja_file;
      result.explicit_text = std::move(*text);
    }
  }
  return result;
}

std::string user_message_json(std::string_view prompt) {
  nlohmann::json messages = nlohmann::json::array();
  messages.push_back({{"role", "user"}, {"content", std::string(prompt)}});
  return messages.dump();
}

}  // namespace winml::session
