#include "perf_html.h"

#include <string>

#include "html/chart_library.h"
#include "html/html_report.h"
#include "storage/report_file.h"
#include "winml_build_info.h"

namespace winml::cli {

void check_html_target(const std::filesystem::path& path, bool overwrite, std::string_view flag) {
  storage::check_report_path(path, overwrite, flag);
  html::read_chart_js();
}

namespace {

std::string html_page(const std::vector<document::PerfReportDocument>& reports) {
  const std::string generator = std::string("winml ") + WINML_VERSION_STRING + " (" + WINML_GIT_COMMIT + ")";
  return html::render_html_report(reports, html::read_chart_js(), generator);
}

}  // namespace

void write_html_report(const std::vector<document::PerfReportDocument>& reports, const std::filesystem::path& path,
                       bool overwrite, std::string_view flag) {
  storage::write_report(path, html_page(reports), overwrite, flag);
}

std::filesystem::path write_run_html(std::string_view json, const std::filesystem::path& json_path,
                                     const std::filesystem::path& path, bool overwrite) {
  return storage::write_finished_report(path, html_page({document::parse_perf_report(json, json_path.string())}),
                                        overwrite, "--html");
}

}  // namespace winml::cli
