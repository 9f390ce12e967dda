#pragma once
/// \file
/// The report arguments of perf compare, merge and report: paths, or last / last~N for the newest
/// reports under the cache root (storage/stored_reports.h), as `winml perf ls` numbers them.

#include <filesystem>
#include <string>
#include <vector>

namespace winml::cli {

/// True when `path` reads as a winml perf report (document::read_perf_report): what last/last~N
/// count and `winml perf ls` lists.
bool is_readable_report(const std::filesystem::path& path);

/// The arguments as paths, last/last~N resolved. Throws winml::UsageError when there are fewer reports.
std::vector<std::filesystem::path> report_arguments(const std::vector<std::string>& names);

}  // namespace winml::cli
