#include "bundle/derived_bundle.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bundle/bundle_paths.h"
#include "bundle/genai_config.h"
#include "bundle/stage_list.h"
#include "platform/atomic_file.h"
#include "platform/file_kind.h"
#include "platform/read_file.h"
#include "platform/temp_sweep.h"
#include "storage/cache_root.h"
#include "storage/model_folder_name.h"
#include "util/file_limits.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

namespace fs = std::filesystem;

constexpr const char* kConfigName = "genai_config.json";
constexpr const char* kCompiledName = "_compiled";

fs::path canonical_path(const fs::path& path) { return fs::weakly_canonical(fs::absolute(path)); }

// The file's bytes; empty when it is not a readable regular file of config size.
std::string read_text(const fs::path& path) { return platform::read_file_bounded(path, kMaxConfigFileBytes).bytes; }

// Top-level names the config points at (stage files, compiled stages): never replaced.
std::set<std::string> names_in_config(const ConfigJson& config) {
  std::set<std::string> names;
  for (const auto& stage : list_stages(config)) {
    names.insert(fs::path(stage.filename).lexically_normal().begin()->string());
  }
  return names;
}

// Brings a copy made by an earlier run up to date: files whose size or time differ are copied
// again, the rest kept. (copy_options::update_existing would do it, but the Windows libstdc++
// reports "File exists" for files it should skip.)
void refresh_copy(const fs::path& source, const fs::path& dest) {
  if (fs::is_directory(source)) {
    fs::create_directories(dest);
    for (const auto& entry : fs::directory_iterator(source)) {
      refresh_copy(entry.path(), dest / entry.path().filename());
    }
    return;
  }
  std::error_code ec;
  const bool current = fs::is_regular_file(dest, ec) && fs::file_size(dest, ec) == fs::file_size(source) &&
                       fs::last_write_time(dest, ec) >= fs::last_write_time(source);
  if (!current) fs::copy_file(source, dest, fs::copy_options::overwrite_existing);
}

// Puts one bundle entry into the derived bundle: keeps what is already right, else links, else
// copies (file systems without symlinks). Only `dest`, a direct child of out_dir, is written.
void place_entry(const fs::path& source, const fs::path& dest, const fs::path& target, bool named_by_config) {
  std::error_code ec;
  fs::file_status status = fs::symlink_status(dest, ec);
  if (fs::is_symlink(status)) {
    if (fs::read_symlink(dest, ec) == target) return;
    fs::remove(dest);  // the link itself, never what it points to
  } else if (fs::exists(status)) {
    if (named_by_config) return;
    // A copy from an earlier run on a file system without links: refresh what changed.
    refresh_copy(source, dest);
    return;
  }
  if (fs::is_directory(source)) {
    fs::create_directory_symlink(target, dest, ec);
  } else {
    fs::create_symlink(target, dest, ec);
  }
  if (!ec) return;
  fs::copy(source, dest, fs::copy_options::recursive);
}

// Where the link for bundle entry `name` points: relative inside the bundle (its _compiled
// folder), so the bundle can be moved, absolute elsewhere.
fs::path link_target(const fs::path& bundle, const fs::path& out, const std::string& name) {
  fs::path source = bundle / name;
  return is_within(out, bundle) ? source.lexically_relative(out) : source;
}

// Links an earlier run made for entries the bundle no longer has would dangle: remove them, but
// only links pointing exactly where this code would have pointed them.
void prune_stale_links(const fs::path& bundle, const fs::path& out, const std::set<std::string>& kept) {
  std::vector<fs::path> stale;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(out)) {
    std::string name = entry.path().filename().string();
    if (kept.count(name) != 0 || !entry.is_symlink()) continue;
    if (fs::read_symlink(entry.path(), ec) == link_target(bundle, out, name) &&
        !fs::exists(fs::symlink_status(bundle / name))) {
      stale.push_back(entry.path());
    }
  }
  for (const auto& path : stale) fs::remove(path);
}

void write_bundle(const fs::path& bundle_dir, const ConfigJson& config, const fs::path& out_dir) {
  fs::path bundle = canonical_path(bundle_dir);
  if (!fs::is_directory(bundle)) {
    throw UsageError(bundle_dir.string() + " is not a folder. Pass the GenAI bundle folder to derive from.");
  }
  require_derived_output(bundle_dir, out_dir);
  fs::create_directories(platform::new_file_path(out_dir));  // `out/x/../b` leaves no empty `out/x`
  platform::sweep_stale_temp_files(out_dir);                 // a killed earlier write's genai_config.json.tmp-*
  fs::path out = canonical_path(out_dir);
  std::set<std::string> kept = names_in_config(config);
  std::set<std::string> named = kept;
  for (const auto& entry : fs::directory_iterator(bundle)) {
    std::string name = entry.path().filename().string();
    kept.insert(name);
    if (name == kConfigName || name == kCompiledName) continue;
    if (is_within(out, bundle / name)) continue;  // the output folder or a folder holding it: no loops
    place_entry(bundle / name, out / name, link_target(bundle, out, name), named.count(name) != 0);
  }
  prune_stale_links(bundle, out, kept);
  std::string text = config.dump(2) + "\n";
  fs::path config_path = out / kConfigName;
  if (fs::is_regular_file(fs::symlink_status(config_path)) && read_text(config_path) == text) return;
  platform::write_file_atomically(config_path, text);
}

// Creates `dir` if needed and proves a file can be made in it (permission bits alone do not tell:
// root ignores them, read-only mounts do not show in them).
bool writable_folder(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) return false;
  return platform::file_creation_problem(dir).empty();
}

}  // namespace

void require_derived_output(const fs::path& bundle_dir, const fs::path& out_dir) {
  fs::path bundle = canonical_path(bundle_dir);
  if (canonical_path(out_dir) == bundle) {
    throw UsageError("the derived bundle cannot be written into the bundle folder itself (" + bundle.string() +
                     "): it would replace the original genai_config.json. Choose another output folder, e.g. " +
                     (bundle / kCompiledName).string() + ".");
  }
}

void write_derived_bundle(const fs::path& bundle_dir, const nlohmann::ordered_json& config, const fs::path& out_dir) {
  try {
    write_bundle(bundle_dir, config, out_dir);
  } catch (const fs::filesystem_error& e) {
    throw Error(ErrorCategory::runtime, "cannot write the derived bundle in " + out_dir.string() + ": " + e.what() +
                                            ". Check that the folder is writable and has free space.");
  }
}

void write_derived_bundle(const fs::path& bundle_dir, const nlohmann::json& config, const fs::path& out_dir) {
  write_derived_bundle(bundle_dir, nlohmann::ordered_json::parse(config.dump()), out_dir);
}

fs::path cache_bundle_dir(const fs::path& bundle_dir) {
  fs::path bundle = canonical_path(bundle_dir);
  return storage::cache_root() / "bundles" / storage::model_folder_name(bundle, 16);
}

fs::path override_bundle_dir(const fs::path& bundle_dir) {
  fs::path dir = cache_bundle_dir(bundle_dir);
  if (!writable_folder(dir)) {
    throw Error(ErrorCategory::runtime, dir.string() +
                                            " is not writable, so the EP override has nowhere to put its rewritten "
                                            "genai_config.json. Make it writable or set WINML_CACHE_DIR to a writable "
                                            "folder.");
  }
  return dir;
}

fs::path derived_bundle_dir(const fs::path& bundle_dir) {
  fs::path bundle = canonical_path(bundle_dir);
  fs::path in_bundle = bundle / kCompiledName;
  // A `_compiled` that is a link (a bundle could ship one pointing at ~) would send every write
  // elsewhere: only a real folder inside the bundle is used, else the cache.
  std::error_code ec;
  bool linked = fs::is_symlink(fs::symlink_status(in_bundle, ec));
  if (!linked && writable_folder(in_bundle)) return in_bundle;
  fs::path fallback = cache_bundle_dir(bundle);
  if (!writable_folder(fallback)) {
    throw Error(ErrorCategory::runtime, "neither " + in_bundle.string() + " nor " + fallback.string() +
                                            " is writable, so the derived bundle has nowhere to go. Make one of them "
                                            "writable or set WINML_CACHE_DIR to a writable folder.");
  }
  return fallback;
}

}  // namespace winml::bundle
