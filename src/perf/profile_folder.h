#pragma once
/// \file
/// Where `winml perf --profile` keeps a report's profiles, and reading back what ONNX Runtime wrote
/// there.

#include <filesystem>
#include <string>
#include <vector>

namespace winml::perf {

/// The folder beside a report that holds its profiles: report.json -> report.profile/.
std::filesystem::path profile_folder(const std::filesystem::path& report_path);

/// Throws UsageError when the profile folder of `report_path` exists and `overwrite` is off (the
/// profiles of an earlier report would mix with this run's); called before anything loads.
void require_profile_folder(const std::filesystem::path& report_path, bool overwrite);

/// `dir` made absolute (ONNX Runtime resolves a relative prefix against its own working folder),
/// emptied of what an overwritten report's run left and created. Throws winml::Error (runtime)
/// naming the folder when it cannot be created.
std::filesystem::path fresh_profile_dir(const std::filesystem::path& dir);

/// The regular files in `dir` that ONNX Runtime wrote for `prefix` (<prefix>_<timestamp>.json),
/// sorted by name (the timestamp's order). The check on the rest keeps prefix "ctx" from claiming
/// the files of a prefix "ctx_2".
std::vector<std::filesystem::path> profiles_of(const std::filesystem::path& dir, const std::string& prefix);

}  // namespace winml::perf
