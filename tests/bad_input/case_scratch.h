#pragma once
// The scratch folder a bad-input case runs in: an empty HOME, cache root, temp dir and working
// dir, plus the case's bundle and files, all under one temporary folder that the suite watches.

#include <filesystem>
#include <string>

#include "bad_input/bad_input_case.h"
#include "test_support/temp_dir.h"

namespace winml::test {

/// Builds the case's inputs; removed with the object.
class CaseScratch {
 public:
  /// Synthesises (or reuses from `bases_dir`) the base bundle and applies the case's edits.
  CaseScratch(const BadInputCase& c, const std::filesystem::path& bases_dir);

  /// The scratch root.
  const std::filesystem::path& root() const { return dir_.path(); }
  /// Makes the case's plant (files and links in the scratch folder), during the run.
  void plant(const Plant& plant) const;
  /// Replaces {scratch} {bundle} {home} {cache} {work} {tmp} {source} {lib} (the build's library folder) in `text`.
  std::string expand(const std::string& text) const;

 private:
  void make_bundle(const BundleRecipe& recipe, const std::filesystem::path& bases_dir);
  TempDir dir_;
};

}  // namespace winml::test
