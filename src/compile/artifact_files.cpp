#include "compile/artifact_files.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "compile/checkpoint.h"
#include "compile/onnx_scan.h"
#include "platform/process_id.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kStaging = ".staging-";

std::atomic<unsigned> g_staging_counter{0};

std::string staging_prefix(const std::string& artifact_name) { return "." + artifact_name + std::string(kStaging); }

// A context or data file a compiled model refers to must sit in its folder and hold something.
std::string check_companion(const fs::path& dir, const std::string& name, const char* what) {
  if (!is_contained_relative_path(name)) return fmt::format("its {} '{}' is outside its folder", what, name);
  if (fs::path(name).has_parent_path()) return fmt::format("its {} '{}' is in a subfolder", what, name);
  auto id = platform::file_identity(dir / name);
  if (!id) return fmt::format("its {} '{}' was not written", what, name);
  if (id->size == 0) return fmt::format("its {} '{}' is empty", what, name);
  return {};
}

}  // namespace

StagingDir::StagingDir(const fs::path& artifact) {
  path_ = artifact.parent_path() / fmt::format("{}{}-{}", staging_prefix(artifact.filename().string()),
                                               platform::current_process_id(), g_staging_counter.fetch_add(1));
  std::error_code ec;
  fs::remove_all(path_, ec);  // a leftover of an earlier process that had our pid
  if (!fs::create_directories(path_, ec)) {
    throw Error(ErrorCategory::compile,
                fmt::format("cannot create {}: {}. Check that the folder is writable.", path_.string(), ec.message()));
  }
}

StagingDir::~StagingDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

bool is_staging_name(const std::string& entry, const std::string& artifact_name) {
  if (!artifact_name.empty()) return entry.starts_with(staging_prefix(artifact_name));
  return entry.starts_with(".") && entry.find(kStaging) != std::string::npos;
}

std::vector<std::string> entries_model_last(const fs::path& dir, const std::string& model_name) {
  std::vector<std::string> names;
  bool has_model = false;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (name.starts_with(".")) continue;
    if (name == model_name) {
      has_model = true;
    } else {
      names.push_back(std::move(name));
    }
  }
  std::sort(names.begin(), names.end());
  if (has_model) names.push_back(model_name);
  return names;
}

StagedArtifact inspect_staged(const fs::path& staged_model) {
  StagedArtifact out;
  const fs::path dir = staged_model.parent_path();
  if (!platform::file_identity(staged_model)) {
    out.problem = "the compiler wrote no model";
    return out;
  }
  out.model_written = true;
  OnnxScan scan = scan_onnx(staged_model);
  if (!scan.valid) {
    out.problem = "the compiler wrote an invalid model (" + scan.problem + ")";
    return out;
  }
  if (scan.ep_contexts.empty()) {
    out.problem = "the compiled model has no EPContext node: the EP compiled no part of it";
    return out;
  }
  for (const auto& node : scan.ep_contexts) {
    if (node.embed_mode != 0) continue;
    if (auto problem = check_companion(dir, node.cache_context, "context file"); !problem.empty()) {
      out.problem = "the compiled model is incomplete: " + problem;
      return out;
    }
  }
  for (const auto& location : scan.external_data) {
    if (auto problem = check_companion(dir, location, "external data file"); !problem.empty()) {
      out.problem = "the compiled model is incomplete: " + problem;
      return out;
    }
  }
  out.files = entries_model_last(dir, staged_model.filename().string());
  for (const auto& name : out.files) {
    std::error_code ec;
    if (!fs::is_regular_file(fs::symlink_status(dir / name, ec))) {
      out.problem = "the compiler wrote '" + name + "', which is not a plain file";
      return out;
    }
    if (is_reserved_name(name)) {
      out.problem = "the compiler wrote '" + name + "', a name winml reserves for its own files";
      return out;
    }
  }
  out.valid = true;
  return out;
}

std::string move_files(const fs::path& from, const fs::path& to, const std::vector<std::string>& names) {
  for (const auto& name : names) {
    // Flushed before the rename so a marker written later never names data still in the page cache.
    if (!platform::sync_to_disk(from / name)) return fmt::format("cannot flush {}", (from / name).string());
    std::error_code ec;
    fs::rename(from / name, to / name, ec);
    if (ec) return fmt::format("cannot move {} to {}: {}", (from / name).string(), to.string(), ec.message());
    checkpoint("artifact-file-moved");
  }
  platform::sync_to_disk(to);
  return {};
}

void commit_artifact(const StagedArtifact& staged, const fs::path& staging_dir, const fs::path& artifact,
                     const std::string& key, double seconds, const std::string& detail) {
  ArtifactMarker marker;
  marker.key = key;
  marker.seconds = seconds;
  marker.detail = detail;
  for (const auto& name : staged.files) marker.files.push_back({name, {}});
  write_marker(artifact, marker);
  checkpoint("marker-pending");
  if (auto problem = move_files(staging_dir, artifact.parent_path(), staged.files); !problem.empty()) {
    throw Error(ErrorCategory::compile, problem + ". Check the free space and permissions of the folder.");
  }
  for (auto& file : marker.files) {
    auto id = platform::file_identity(artifact.parent_path() / file.name);
    if (!id) throw Error(ErrorCategory::compile, file.name + " vanished while it was put in place. Retry.");
    file.identity = *id;
  }
  marker.complete = true;
  write_marker(artifact, marker);
  checkpoint("marker-complete");
}

void discard_artifact(const fs::path& artifact) {
  std::error_code ec;
  const fs::path dir = artifact.parent_path();
  if (auto marker = read_marker(artifact)) {
    for (const auto& file : marker->files) {
      if (is_contained_relative_path(file.name) && !is_reserved_name(file.name)) fs::remove(dir / file.name, ec);
    }
  }
  fs::remove(artifact, ec);
  // The marker goes last: while any listed file may remain, the marker still names it for cleanup.
  if (read_marker(artifact)) fs::remove(marker_path(artifact), ec);
  checkpoint("artifact-discarded");
}

}  // namespace winml::compile
