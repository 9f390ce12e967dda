#pragma once
/// \file
/// The marker that makes a compiled artifact a cache entry: `<artifact>.meta.json` records what
/// the artifact was compiled from (the key) and the files that make it up. It is written twice:
/// "pending" (complete=false) before the files move into place, so an interrupted run's files can
/// be found and deleted, then "complete" with each file's identity. Only a complete marker whose
/// key matches and whose files are unchanged lets an artifact be reused.

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compile/compile_config.h"
#include "platform/file_identity.h"

namespace winml::compile {

/// A source file and its identity when it was looked at (nullopt: missing).
struct SourceFile {
  std::filesystem::path path;
  std::optional<platform::FileIdentity> identity;
};

/// Everything an artifact depends on.
struct KeyInputs {
  std::string stage;
  const CompileConfig* config = nullptr;  ///< EP, device and the compile's provider options (required)
  bool embed = false;
  std::string compiler_id;  ///< e.g. the ONNX Runtime version; empty when unknown
  std::vector<SourceFile> sources;
};

/// The cache key: canonical JSON (sorted keys) of the inputs, compared as a string.
std::string artifact_key(const KeyInputs& inputs);

/// The source .onnx and its companion files (onnx_scan.h) with their identities.
std::vector<SourceFile> identify_sources(const std::filesystem::path& model);

/// One file of an artifact, by name inside the artifact's folder.
struct MarkedFile {
  std::string name;
  platform::FileIdentity identity;  ///< recorded only in a complete marker
};

/// The content of `<artifact>.meta.json`.
struct ArtifactMarker {
  std::string key;
  bool complete = false;
  std::vector<MarkedFile> files;  ///< every file the compile produced, the model last
  double seconds = 0;             ///< how long the compile took
  std::string detail;             ///< what happened while compiling (e.g. a crash after writing)
};

/// `<artifact>.meta.json`.
std::filesystem::path marker_path(const std::filesystem::path& artifact);

/// True for a name that must never be an artifact file (markers, lock, completion marker).
bool is_reserved_name(const std::string& name);

/// The JSON object of a marker file (an artifact's or a folder's completion marker); nullopt when
/// it is missing, unreadable or not one JSON object read by json_read (a marker winml did not write
/// whole is stale, never an error).
std::optional<nlohmann::json> read_marker_json(const std::filesystem::path& path);

/// Whether `object` holds `key` as the string `value` (false for any other type: a planted marker
/// must not make a lookup throw).
bool has_string(const nlohmann::json& object, const char* key, std::string_view value);

/// Reads the marker of `artifact`; nullopt when missing, unreadable or not written by winml.
std::optional<ArtifactMarker> read_marker(const std::filesystem::path& artifact);

/// Writes the marker atomically. Throws winml::Error when the folder is not writable.
void write_marker(const std::filesystem::path& artifact, const ArtifactMarker& marker);

/// Why `artifact` may not be reused for `key`; empty when it may: the marker is complete and has
/// this key, every marked file still has its recorded identity, no source is newer than the
/// artifact, and the model still passes scan_onnx.
std::string reuse_problem(const std::filesystem::path& artifact, const std::string& key,
                          const std::vector<SourceFile>& sources);

/// Why a complete marker's files cannot be trusted (a file missing or changed); empty when they can.
std::string marked_files_problem(const std::filesystem::path& artifact, const ArtifactMarker& marker);

}  // namespace winml::compile
