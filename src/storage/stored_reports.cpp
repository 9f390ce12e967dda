#include "storage/stored_reports.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "platform/directory_listing.h"
#include "storage/cache_root.h"
#include "winml/errors.h"

namespace winml::storage {
namespace {

// Past this, "last~N" is a typo: no cache holds a million reports.
constexpr std::size_t kMaxIndexDigits = 6;

std::filesystem::path perf_root() { return cache_root() / "perf"; }

}  // namespace

std::vector<StoredReport> stored_reports(const std::filesystem::path& root) {
  std::vector<StoredReport> reports;
  for (const platform::ListedEntry& folder : platform::list_directory(root)) {
    if (!folder.is_directory) continue;
    for (const platform::ListedEntry& file : platform::list_directory(folder.path)) {
      if (file.is_regular && file.path.extension() == ".json") {
        reports.push_back({.path = file.path, .modified = file.modified, .bytes = file.bytes});
      }
    }
  }
  std::sort(reports.begin(), reports.end(), [](const StoredReport& a, const StoredReport& b) {
    if (a.modified != b.modified) return a.modified > b.modified;
    // One second apart names sort by time; report-2.json was written after report.json.
    return a.path.filename().string().size() != b.path.filename().string().size()
               ? a.path.filename().string().size() > b.path.filename().string().size()
               : a.path > b.path;
  });
  return reports;
}

std::vector<StoredReport> stored_reports() { return stored_reports(perf_root()); }

std::optional<std::size_t> last_report_index(std::string_view name) {
  constexpr std::string_view kLast = "last";
  if (!name.starts_with(kLast)) return std::nullopt;
  name.remove_prefix(kLast.size());
  if (name.empty()) return 0;
  if (name.front() != '~') return std::nullopt;
  name.remove_prefix(1);
  if (name.empty() || name.size() > kMaxIndexDigits) return std::nullopt;
  std::size_t index = 0;
  const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), index);
  if (ec != std::errc() || end != name.data() + name.size()) return std::nullopt;
  return index;
}

std::vector<std::filesystem::path> resolve_report_names(const std::vector<std::string>& names,
                                                        const std::vector<StoredReport>& newest_first,
                                                        const std::filesystem::path& where,
                                                        const ReportCheck& is_report) {
  std::vector<std::filesystem::path> reports;  // those accepted so far, newest first
  std::size_t checked = 0;
  std::vector<std::filesystem::path> paths;
  for (const std::string& name : names) {
    const std::optional<std::size_t> index = last_report_index(name);
    if (!index) {
      paths.emplace_back(name);
      continue;
    }
    while (reports.size() <= *index && checked < newest_first.size()) {
      const std::filesystem::path& candidate = newest_first[checked++].path;
      if (is_report(candidate)) reports.push_back(candidate);
    }
    if (*index >= reports.size()) {
      throw UsageError(fmt::format(
          "{} names {}, but {} holds {} report{}: run `winml perf ls` to see them, or give a report's path "
          "(./{} for a file of that name)",
          name, *index == 0 ? std::string("the newest report") : fmt::format("the report {} before the newest", *index),
          where.string(), reports.size(), reports.size() == 1 ? "" : "s", name));
    }
    paths.push_back(reports[*index]);
  }
  return paths;
}

std::vector<std::filesystem::path> resolve_report_names(const std::vector<std::string>& names,
                                                        const ReportCheck& is_report) {
  const bool needs_list = std::any_of(names.begin(), names.end(),
                                      [](const std::string& name) { return last_report_index(name).has_value(); });
  return resolve_report_names(names, needs_list ? stored_reports() : std::vector<StoredReport>{}, perf_root(),
                              is_report);
}

}  // namespace winml::storage
