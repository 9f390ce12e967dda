#pragma once
/// \file
/// The files of one compiled artifact on disk: the private staging folder a compile writes into,
/// the check of what it wrote, the move into the shared folder, and deletion. The order of the
/// steps is what makes an interrupted run harmless: a marker is written "pending" before any file
/// moves and "complete" after the last one, and the model moves last.

#include <filesystem>
#include <string>
#include <vector>

#include "compile/cache_marker.h"

namespace winml::compile {

/// A fresh folder `<dir>/.<artifact name>.staging-<pid>-<n>` that one compile writes into; removed
/// with everything in it on destruction. Other runs and the shared folder never see its content
/// until commit_artifact moves it.
class StagingDir {
 public:
  /// Creates the folder. Throws winml::Error when it cannot.
  explicit StagingDir(const std::filesystem::path& artifact);
  ~StagingDir();
  StagingDir(const StagingDir&) = delete;
  StagingDir& operator=(const StagingDir&) = delete;
  /// The folder.
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// True for a leftover staging folder of `artifact_name` (or of any artifact when it is empty).
bool is_staging_name(const std::string& entry, const std::string& artifact_name = {});

/// What a compile left in a staging folder.
struct StagedArtifact {
  bool valid = false;
  bool model_written = false;      ///< a model file exists, valid or not
  std::string problem;             ///< why it cannot be used
  std::vector<std::string> files;  ///< every file to move, the model last
};

/// Checks the model at `staged_model` (inside a staging folder): a complete ONNX model with at
/// least one EPContext node, whose context files (embed_mode 0) and external data exist, non-empty,
/// beside it; and that the folder holds only plain files with names winml does not reserve.
StagedArtifact inspect_staged(const std::filesystem::path& staged_model);

/// Lists the plain entries (not starting with '.') of `dir`, `model_name` last.
std::vector<std::string> entries_model_last(const std::filesystem::path& dir, const std::string& model_name);

/// Renames `names` from `from` into `to`, each flushed to disk first; stops at the first failure
/// and returns its description (empty on success).
std::string move_files(const std::filesystem::path& from, const std::filesystem::path& to,
                       const std::vector<std::string>& names);

/// Moves a valid staged artifact into place as `artifact`: pending marker, files (model last),
/// complete marker with each file's identity. Throws winml::Error when a step fails; what was
/// moved stays covered by the pending marker and is deleted by the next purge.
void commit_artifact(const StagedArtifact& staged, const std::filesystem::path& staging_dir,
                     const std::filesystem::path& artifact, const std::string& key, double seconds,
                     const std::string& detail);

/// Deletes `artifact`, every file its winml marker lists, then the marker. Never throws.
void discard_artifact(const std::filesystem::path& artifact);

}  // namespace winml::compile
