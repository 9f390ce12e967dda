#include "html/chart_library.h"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "platform/read_file.h"
#include "util/file_limits.h"
#include "winml/errors.h"

namespace winml::html {
namespace {

// Debian's path of the minified UMD build, which defines the global `Chart`.
constexpr const char* kDebianChartJs = "/usr/share/javascript/chart.js/chart.min.js";

bool contains_ignoring_case(std::string_view text, std::string_view needle) {
  return std::search(text.begin(), text.end(), needle.begin(), needle.end(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         }) != text.end();
}

}  // namespace

std::filesystem::path chart_js_path() {
  std::filesystem::path configured = WINML_CHART_JS_PATH;
  std::error_code ec;
  if (!configured.empty() && std::filesystem::exists(configured, ec)) return configured;
  return kDebianChartJs;
}

std::string read_chart_js(const std::filesystem::path& path) {
  platform::FileRead read = platform::read_file_bounded(path, kMaxChartLibraryBytes);
  if (read.problem != platform::ReadProblem::none) {
    throw Error(ErrorCategory::not_installed,
                "the HTML report inlines Chart.js, which is missing: " +
                    platform::read_problem_text(path, read, kMaxChartLibraryBytes, "Chart.js") + ". Install " +
                    "Debian's " + kChartJsPackage + " (scripts/setup.sh does; or apt-get install " + kChartJsPackage +
                    "), or configure winml with -DWINML_CHART_JS=/path/to/chart.min.js.");
  }
  std::string library = std::move(read.bytes);
  for (std::string_view unsafe : {"</script", "<!--"}) {
    if (contains_ignoring_case(library, unsafe)) {
      throw Error(ErrorCategory::not_installed,
                  path.string() + " contains \"" + std::string(unsafe) +
                      "\", which would break the page it is inlined in: it is not the Chart.js build of " +
                      kChartJsPackage + ". Reinstall " + kChartJsPackage + ".");
    }
  }
  if (library.find("Chart") == std::string::npos) {
    throw Error(ErrorCategory::not_installed,
                path.string() + " does not look like Chart.js. Reinstall " + kChartJsPackage + ".");
  }
  return library;
}

}  // namespace winml::html
