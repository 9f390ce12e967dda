#include "compile/cache_marker.h"

#include <nlohmann/json.hpp>

#include "compile/onnx_scan.h"
#include "platform/atomic_file.h"
#include "platform/read_file.h"
#include "util/file_limits.h"
#include "util/json_read.h"

namespace winml::compile {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Tags our markers: a file of that name that a bundle happens to contain is not ours to trust or delete.
constexpr const char* kArtifactMarkerSchema = "winml.compile.artifact/1";

json identity_json(const std::optional<platform::FileIdentity>& id) {
  if (!id) return json{{"missing", true}};
  return json{{"size", id->size}, {"mtime_ns", id->mtime_ns}};
}

}  // namespace

std::string artifact_key(const KeyInputs& inputs) {
  json sources = json::array();
  for (const auto& source : inputs.sources) {
    json entry = identity_json(source.identity);
    entry["path"] = source.path.string();
    sources.push_back(std::move(entry));
  }
  json key = {{"stage", inputs.stage},           {"ep", inputs.config->ep},
              {"device", inputs.config->device}, {"provider_options", inputs.config->options},
              {"embed", inputs.embed},           {"compiler", inputs.compiler_id},
              {"sources", std::move(sources)}};
  return key.dump();  // json objects are std::maps: keys come out sorted
}

std::vector<SourceFile> identify_sources(const fs::path& model) {
  std::vector<SourceFile> out;
  out.push_back({model, platform::file_identity(model)});
  for (const auto& companion : companion_files(model, scan_onnx(model))) {
    out.push_back({companion, platform::file_identity(companion)});
  }
  return out;
}

fs::path marker_path(const fs::path& artifact) { return fs::path(artifact.string() + ".meta.json"); }

bool is_reserved_name(const std::string& name) {
  constexpr std::string_view suffix = ".meta.json";
  return name.empty() || name.front() == '.' || name == "genai_config.json" ||
         (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0);
}

bool has_string(const json& object, const char* key, std::string_view value) {
  const auto it = object.find(key);
  return it != object.end() && it->is_string() && it->get_ref<const std::string&>() == value;
}

std::optional<json> read_marker_json(const fs::path& path) {
  // Anything but a readable regular file of marker size is no marker.
  const platform::FileRead read = platform::read_file_bounded(path, kMaxMarkerFileBytes);
  if (read.problem != platform::ReadProblem::none) return std::nullopt;
  try {
    json j = json_read::parse(read.bytes);
    if (j.is_object()) return j;
  } catch (const json_read::JsonReadError&) {
    // Not a marker winml wrote whole: what it describes is rebuilt.
  }
  return std::nullopt;
}

std::optional<ArtifactMarker> read_marker(const fs::path& artifact) {
  const auto marker_json = read_marker_json(marker_path(artifact));
  if (!marker_json) return std::nullopt;
  const json& j = *marker_json;
  if (!has_string(j, "schema", kArtifactMarkerSchema)) return std::nullopt;
  try {
    ArtifactMarker marker;
    marker.key = j.at("key").get<std::string>();
    marker.complete = j.at("complete").get<bool>();
    marker.seconds = j.value("seconds", 0.0);
    marker.detail = j.value("detail", "");
    for (const auto& f : j.at("files")) {
      MarkedFile file;
      file.name = f.at("name").get<std::string>();
      file.identity.size = f.value("size", std::uint64_t{0});
      file.identity.mtime_ns = f.value("mtime_ns", std::int64_t{0});
      marker.files.push_back(std::move(file));
    }
    return marker;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

void write_marker(const fs::path& artifact, const ArtifactMarker& marker) {
  json files = json::array();
  for (const auto& f : marker.files) {
    files.push_back({{"name", f.name}, {"size", f.identity.size}, {"mtime_ns", f.identity.mtime_ns}});
  }
  json j = {{"schema", kArtifactMarkerSchema},
            {"key", marker.key},
            {"complete", marker.complete},
            {"files", files},
            {"seconds", marker.seconds},
            {"detail", marker.detail},
            {"artifact", artifact.filename().string()}};
  platform::write_file_atomically(marker_path(artifact), j.dump(2) + "\n");
}

std::string marked_files_problem(const fs::path& artifact, const ArtifactMarker& marker) {
  if (!marker.complete) return "its marker is not complete (an earlier run was interrupted)";
  if (marker.files.empty()) return "its marker lists no files";
  const fs::path dir = artifact.parent_path();
  for (const auto& f : marker.files) {
    if (!is_contained_relative_path(f.name)) return "its marker names a file outside its folder";
    auto now = platform::file_identity(dir / f.name);
    if (!now) return f.name + " is missing";
    if (!(*now == f.identity)) return f.name + " changed after it was compiled";
  }
  return {};
}

std::string reuse_problem(const fs::path& artifact, const std::string& key, const std::vector<SourceFile>& sources) {
  auto marker = read_marker(artifact);
  if (!marker) return "no cache marker";
  if (marker->key != key) return "compiled from other sources or with other options";
  if (auto problem = marked_files_problem(artifact, *marker); !problem.empty()) return problem;
  auto compiled = platform::file_identity(artifact);
  for (const auto& source : sources) {
    if (source.identity && compiled && source.identity->mtime_ns > compiled->mtime_ns) {
      return source.path.filename().string() + " is newer than the compiled model";
    }
  }
  if (auto scan = scan_onnx(artifact); !scan.valid) return "the compiled model is damaged: " + scan.problem;
  return {};
}

}  // namespace winml::compile
