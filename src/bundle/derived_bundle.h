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

/// The per-bundle folder under cache_root()/bundles/, named after the bundle and a hash of its
/// resolved path (stable across runs). Creates nothing.
std::filesystem::path cache_bundle_dir(const std::filesystem::path& bundle_dir);

/// Where an override that compiles nothing puts its derived bundle: cache_bundle_dir, never the
/// bundle folder, so running a bundle on another EP leaves the user's folder untouched. Creates the
/// folder; throws winml::Error (runtime) naming it and WINML_CACHE_DIR when it cannot be written.
std::filesystem::path override_bundle_dir(const std::filesystem::path& bundle_dir);

/// Where compilation puts its derived bundle: <bundle>/_compiled when the bundle folder is writable and `_compiled` is
/// not a link, else cache_bundle_dir. Creates the folder.
std::filesystem::path derived_bundle_dir(const std::filesystem::path& bundle_dir);

}  // namespace winml::bundle
