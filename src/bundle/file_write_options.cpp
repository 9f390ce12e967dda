#include "bundle/file_write_options.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <string>

#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

bool contains_any(const std::string& name, const auto& words) {
  return std::any_of(words.begin(), words.end(),
                     [&](std::string_view word) { return name.find(word) != std::string::npos; });
}

bool is_off(const ConfigJson& value) {
  if (value.is_boolean()) return !value.get<bool>();
  if (value.is_number()) return value == 0;
  if (value.is_null()) return true;
  if (!value.is_string()) return false;
  std::string text = to_lower(value.get<std::string>());
  return text.empty() || text == "0" || text == "false" || text == "off" || text == "none";
}

bool escapes(const ConfigJson& value) {
  if (!value.is_string()) return false;
  std::filesystem::path path(value.get<std::string>());
  if (path.is_absolute() || path.has_root_directory()) return true;
  return std::any_of(path.begin(), path.end(), [](const std::filesystem::path& part) { return part == ".."; });
}

}  // namespace

WriteOptionKind write_option_kind(std::string_view key) {
  std::string name = to_lower(key);
  static constexpr std::array<std::string_view, 4> kSwitches = {"profil", "dump", "context_enable", "cache_enable"};
  if (contains_any(name, kSwitches)) return WriteOptionKind::switch_;
  static constexpr std::array<std::string_view, 4> kLocations = {"cache_dir", "cache_path", "_dir", "file_path"};
  if (contains_any(name, kLocations)) return WriteOptionKind::location;
  return WriteOptionKind::none;
}

std::vector<FoundOption> find_file_write_options(const ConfigJson& config) {
  std::vector<FoundOption> found;
  for_each_session_option(config, [&](const std::string& key, const ConfigJson& value, const std::string& where) {
    WriteOptionKind kind = write_option_kind(key);
    bool refused =
        (kind == WriteOptionKind::switch_ && !is_off(value)) || (kind == WriteOptionKind::location && escapes(value));
    if (refused) found.push_back({where, value.is_string() ? value.get<std::string>() : value.dump()});
  });
  return found;
}

void require_no_file_writes(const GenaiConfig& config) {
  refuse_options(config, find_file_write_options(config.json),
                 "would make ONNX Runtime write files (profiles, dumps, caches) where the bundle says; winml writes "
                 "only to the report path, its cache root and the bundle's _compiled/ folder. Remove the option from "
                 "genai_config.json (or give a cache location relative to the working directory).");
}

}  // namespace winml::bundle
