#pragma once
/// \file
/// A derived bundle: a folder holding a patched genai_config.json and links to every other file of
/// the original bundle, so GenAI can load the bundle with per-stage changes it cannot make itself.

#include <filesystem>

#include <nlohmann/json_fwd.hpp>

namespace winml::bundle {

/// Writes `config` as out_dir/genai_config.json (atomically) and links every other entry of
/// bundle_dir into out_dir (copies where links fail). Entries already in out_dir that the config
/// names (e.g. compiled stages) are kept. Never writes outside out_dir.
void write_derived_bundle(const std::filesystem::path& bundle_dir, const nlohmann::json& config,
                          const std::filesystem::path& out_dir);

/// Same for a config read with key order preserved (bundle::ConfigJson): prefer this one, since a
/// pipeline written as one object runs its stages in the order of its keys.
void write_derived_bundle(const std::filesystem::path& bundle_dir, const nlohmann::ordered_json& config,
                          const std::filesystem::path& out_dir);

/// Throws UsageError when out_dir is the bundle folder itself (resolved); creates nothing, so
/// callers run it before taking locks or making folders.
void require_derived_output(const std::filesystem::path& bundle_dir, const std::filesystem::path& out_dir);

/// <bundle>/_compiled when the bundle folder is writable and `_compiled` is not a link, else a per-bundle folder under
/// cache_root()/bundles/ named after the bundle and a hash of its absolute path.
std::filesystem::path derived_bundle_dir(const std::filesystem::path& bundle_dir);

}  // namespace winml::bundle
