#include "session/chat_template.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "util/json_read.h"
#include "winml/errors.h"

namespace winml::session {

ChatTemplate find_chat_template(const std::filesystem::path& tokenizer_dir) {
  ChatTemplate result;
  auto config_path = tokenizer_dir / "tokenizer_config.json";
  if (std::ifstream in{config_path, std::ios::binary}) {
    std::ostringstream text;
    text << in.rdbuf();
    nlohmann::json config;
    try {
      config = json_read::parse(text.str());
    } catch (const json_read::JsonReadError& e) {
      throw GenaiLoadError(config_path.string() +
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
  if (std::ifstream in{jinja_path}) {
    std::stringstream text;
    text << in.rdbuf();
    if (!text.str().empty()) {
      result.source = TemplateSource::jinja_file;
      result.explicit_text = text.str();
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
