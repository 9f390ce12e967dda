#include "document/read_reports.h"

#include <fmt/format.h>

#include <system_error>

#include "winml/errors.h"

namespace winml::document {

std::vector<PerfReportDocument> read_reports(const std::vector<std::filesystem::path>& files) {
  std::vector<PerfReportDocument> reports;
  reports.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      // A report counted twice would double its results in a merge and compare a run with itself.
      std::error_code error;
      if (std::filesystem::equivalent(files[i], files[j], error)) {
        throw UsageError(fmt::format("{} and {} are the same report file; give each report once.", files[j].string(),
                                     files[i].string()));
      }
    }
    reports.push_back(read_perf_report(files[i]));
  }
  return reports;
}

}  // namespace winml::document
