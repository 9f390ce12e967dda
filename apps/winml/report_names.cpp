#include "report_names.h"

#include "document/perf_report_document.h"
#include "storage/stored_reports.h"
#include "winml/errors.h"

namespace winml::cli {

bool is_readable_report(const std::filesystem::path& path) {
  try {
    document::read_perf_report(path);
    return true;
  } catch (const Error&) {
    return false;
  }
}

std::vector<std::filesystem::path> report_arguments(const std::vector<std::string>& names) {
  return storage::resolve_report_names(names, is_readable_report);
}

}  // namespace winml::cli
