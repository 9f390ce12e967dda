#pragma once
/// \file
/// Chart.js, which the HTML reports inline so that they open offline: the file Debian's
/// libjs-chart.js installs, read when a report is written (nothing of it is built into winml).

#include <filesystem>
#include <string>

namespace winml::html {

/// The Debian package that provides Chart.js.
inline constexpr const char* kChartJsPackage = "libjs-chart.js";

/// Where Chart.js is read from: the file found when winml was configured (CMake cache variable
/// WINML_CHART_JS), else where Debian's libjs-chart.js puts it.
std::filesystem::path chart_js_path();

/// The text of Chart.js at `path`. Throws winml::Error (not_installed) naming the file and the
/// package when it cannot be read, and when it holds a sequence ("</script", "<!--") that would
/// end or confuse the <script> element it is inlined in.
std::string read_chart_js(const std::filesystem::path& path = chart_js_path());

}  // namespace winml::html
