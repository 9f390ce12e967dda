#pragma once
/// \file
/// Visiting every option of every `session_options` object of a genai_config.json, at any depth
/// (decoder, pipeline stages, vision/speech/embedding sections), provider options included, with
/// the option's JSON path for messages.

#include <string>
#include <string_view>
#include <vector>

#include "bundle/genai_config.h"
#include "util/printable.h"
#include "winml/errors.h"

namespace winml::bundle {

/// One option found in a config, for messages.
struct FoundOption {
  std::string location;  ///< JSON path, e.g. "model.decoder.session_options.custom_ops_library"
  std::string value;     ///< the value as written (JSON text when it is not a string)
};

/// Throws UsageError "<config>: <first location> = "<value>" (and N more ...) <why_and_fix>"
/// when `found` is not empty.
inline void refuse_options(const GenaiConfig& config, const std::vector<FoundOption>& found,
                           const std::string& why_and_fix) {
  if (found.empty()) return;
  const auto& first = found.front();
  std::string more =
      found.size() > 1 ? " (and " + std::to_string(found.size() - 1) + " more option(s) of that kind)" : "";
  // The key path and value come from the bundle's file: shown on one line, escaped, a long value cut.
  throw UsageError(config.config_path.string() + ": " + printable(first.location) + " = \"" +
                   echo(first.value, kEchoPathChars) + "\"" + more + " " + why_and_fix);
}

/// Calls fn(key, value, where) for every session option and every provider option, in document
/// order. `where` is the JSON path, e.g. "model.decoder.session_options.custom_ops_library" or
/// "model.decoder.pipeline[1].ctx.session_options.provider_options[0].qnn.backend_path".
/// Malformed parts (a provider entry that is not an object) are skipped: list_stages reports them.
template <typename Fn>
void for_each_session_option(const ConfigJson& json, Fn&& fn, const std::string& where = "") {
  if (json.is_array()) {
    for (std::size_t i = 0; i < json.size(); ++i)
      for_each_session_option(json[i], fn, where + "[" + std::to_string(i) + "]");
    return;
  }
  if (!json.is_object()) return;
  for (auto it = json.begin(); it != json.end(); ++it) {
    std::string inner = where.empty() ? it.key() : where + "." + it.key();
    if (it.key() != "session_options" || !it.value().is_object()) {
      for_each_session_option(it.value(), fn, inner);
      continue;
    }
    for (auto option = it.value().begin(); option != it.value().end(); ++option) {
      std::string at = inner + "." + option.key();
      if (option.key() != "provider_options" || !option.value().is_array()) {
        fn(option.key(), option.value(), at);
        continue;
      }
      const ConfigJson& list = option.value();
      for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_object()) continue;
        for (auto provider = list[i].begin(); provider != list[i].end(); ++provider) {
          if (!provider.value().is_object()) continue;
          std::string prefix = at + "[" + std::to_string(i) + "]." + provider.key();
          for (auto entry = provider.value().begin(); entry != provider.value().end(); ++entry) {
            fn(entry.key(), entry.value(), prefix + "." + entry.key());
          }
        }
      }
    }
  }
}

}  // namespace winml::bundle
