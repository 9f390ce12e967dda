#include "compile/compiled_folder.h"

#include <nlohmann/json.hpp>

#include "compile/artifact_files.h"
#include "compile/cache_marker.h"
#include "compile/checkpoint.h"
#include "platform/atomic_file.h"
#include "platform/file_identity.h"
#include "platform/temp_file.h"
#include "storage/digest.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr const char* kCompleteMarkerSchema = "winml.compile.complete/1";
constexpr std::string_view kMarkerSuffix = ".meta.json";

std::optional<StageAction> parse_action(const std::string& text) {
  for (auto action : {StageAction::compiled, StageAction::reused, StageAction::fell_back, StageAction::jit}) {
    if (to_string(action) == text) return action;
  }
  return std::nullopt;
}

}  // namespace

fs::path completion_marker_path(const fs::path& dir) { return dir / ".complete.json"; }

std::optional<std::vector<StageResult>> read_prepared(const fs::path& dir, const std::string& fingerprint) {
  const auto marker_json = read_marker_json(completion_marker_path(dir));
  if (!marker_json) return std::nullopt;
  const json& j = *marker_json;
  if (!has_string(j, "schema", kCompleteMarkerSchema) || !has_string(j, "fingerprint", fingerprint)) {
    return std::nullopt;
  }
  std::vector<StageResult> stages;
  try {
    for (const auto& s : j.at("stages")) {
      StageResult r;
      r.stage = s.at("stage").get<std::string>();
      r.ep = s.at("ep").get<std::string>();
      auto action = parse_action(s.at("action").get<std::string>());
      if (!action) return std::nullopt;
      r.action = *action;
      r.detail = s.value("detail", "");
      r.filename = s.at("filename").get<std::string>();
      if (r.action == StageAction::compiled || r.action == StageAction::reused) {
        r.artifact = dir / r.filename;
        // The artifact must still be the one this marker was written for, intact.
        auto marker = read_marker(r.artifact);
        if (!marker || storage::digest(marker->key) != s.at("key").get<std::string>() ||
            !marked_files_problem(r.artifact, *marker).empty()) {
          return std::nullopt;
        }
        r.action = StageAction::reused;
      }
      stages.push_back(std::move(r));
    }
  } catch (const json::exception&) {
    return std::nullopt;
  }
  return stages;
}

bool is_prepared(const fs::path& dir, const std::string& fingerprint) {
  return read_prepared(dir, fingerprint).has_value();
}

bool mark_prepared(const fs::path& dir, const std::string& fingerprint, const std::vector<StageResult>& stages) {
  json list = json::array();
  for (const auto& s : stages) {
    if (s.action == StageAction::fell_back) return false;
    json entry = {{"stage", s.stage},
                  {"ep", s.ep},
                  {"action", std::string(to_string(s.action))},
                  {"detail", s.detail},
                  {"filename", s.filename}};
    if (!s.artifact.empty()) {
      auto marker = read_marker(s.artifact);
      if (!marker || !marker->complete) return false;
      entry["key"] = storage::digest(marker->key);
    }
    list.push_back(std::move(entry));
  }
  json j = {{"schema", kCompleteMarkerSchema}, {"fingerprint", fingerprint}, {"stages", std::move(list)}};
  platform::write_file_atomically(completion_marker_path(dir), j.dump(2) + "\n");
  checkpoint("folder-marked");
  return true;
}

void clear_prepared(const fs::path& dir) {
  std::error_code ec;
  if (fs::remove(completion_marker_path(dir), ec)) platform::sync_to_disk(dir);
  checkpoint("folder-unmarked");
}

void purge_untrusted(const fs::path& dir) {
  std::error_code ec;
  std::vector<fs::path> staging;
  std::vector<fs::path> temps;
  std::vector<fs::path> artifacts;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const auto status = entry.symlink_status(ec);
    if (fs::is_directory(status) && is_staging_name(name)) {
      staging.push_back(entry.path());
    } else if (fs::is_regular_file(status) && platform::is_temp_file_name(name)) {
      temps.push_back(entry.path());
    } else if (fs::is_regular_file(status) && name.ends_with(kMarkerSuffix)) {
      artifacts.push_back(dir / name.substr(0, name.size() - kMarkerSuffix.size()));
    }
  }
  for (const auto& path : staging) fs::remove_all(path, ec);
  for (const auto& path : temps) fs::remove(path, ec);
  for (const auto& artifact : artifacts) {
    auto marker = read_marker(artifact);
    if (marker && !marked_files_problem(artifact, *marker).empty()) discard_artifact(artifact);
  }
  checkpoint("folder-purged");
}

}  // namespace winml::compile
