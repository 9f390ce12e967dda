#pragma once
/// \file
/// The visual report: one self-contained HTML page with charts of one or more `winml perf`
/// reports (TTFT distribution, decode latency by position, sweep curves, comparison bars with
/// interval whiskers, the roofline fraction), drawn by the inlined Chart.js. The page itself is
/// src/html/perf_report.html, built into winml.

#include <string>
#include <string_view>
#include <vector>

#include "document/perf_report_document.h"

namespace winml::html {

/// The page for `reports` (at least one), with `chart_js` (read_chart_js) inlined. `generator`
/// names the winml that wrote the page. The reports are embedded as JSON whose '<', '>' and '&'
/// are \u-escaped, so no text in them can end the <script> element that holds them.
std::string render_html_report(const std::vector<document::PerfReportDocument>& reports, std::string_view chart_js,
                               std::string_view generator);

}  // namespace winml::html
