#pragma once
/// \file
/// The reports `winml perf` wrote to their default place (cache_root()/perf/<model folder>/*.json),
/// newest first, and the names that pick one of them: "last" is the newest, "last~N" the one N
/// before it (as git's HEAD~N), accepted wherever a command takes a report path.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace winml::storage {

/// One report file in the cache.
struct StoredReport {
  std::filesystem::path path;                      ///< the file
  std::chrono::system_clock::time_point modified;  ///< when it was written
  std::uint64_t bytes = 0;                         ///< its size
};

/// The .json files one folder below `perf_root` (cache_root()/perf), newest first (ties: the
/// later path first, so report-2.json comes before report.json). Links are skipped. Empty when
/// there is no such folder.
std::vector<StoredReport> stored_reports(const std::filesystem::path& perf_root);

/// stored_reports(cache_root()/"perf").
std::vector<StoredReport> stored_reports();

/// How many reports back a name points: "last" is 0, "last~N" is N (N a whole number of at most
/// 6 digits); nullopt for anything else, which is a path. "./last" names a file called last.
std::optional<std::size_t> last_report_index(std::string_view name);

/// Whether a listed file is a report a name may pick: the caller reads it (document/ is above
/// storage/), so a foreign or damaged .json in the cache never becomes "last".
using ReportCheck = std::function<bool(const std::filesystem::path&)>;

/// Each of `names` as a path: a last/last~N name becomes the N-th (from 0) of `newest_first` that
/// `is_report` accepts, anything else stays as given. Files are checked newest first and only as
/// far as the largest N needs. Throws winml::UsageError when a name points past the reports
/// there are, saying how many there are and where they were looked for (`where`).
std::vector<std::filesystem::path> resolve_report_names(const std::vector<std::string>& names,
                                                        const std::vector<StoredReport>& newest_first,
                                                        const std::filesystem::path& where,
                                                        const ReportCheck& is_report);

/// resolve_report_names against stored_reports(), listed only when a name needs it.
std::vector<std::filesystem::path> resolve_report_names(const std::vector<std::string>& names,
                                                        const ReportCheck& is_report);

}  // namespace winml::storage
