#include "html/html_report.h"

#include <array>
#include <stdexcept>

#include "perf/serving_result.h"
#include "perf/sweep_axes.h"
#include "winml_perf_report_template.h"

namespace winml::html {
namespace {

using Json = nlohmann::ordered_json;

// JSON text that is safe inside <script>: '<', '>' and '&' occur only inside JSON strings, where
// their \u escapes read back as the same characters.
std::string script_safe_json(const Json& data) {
  const std::string text = data.dump();
  std::string safe;
  safe.reserve(text.size());
  for (char c : text) {
    if (c == '<') {
      safe += "\\u003c";
    } else if (c == '>') {
      safe += "\\u003e";
    } else if (c == '&') {
      safe += "\\u0026";
    } else {
      safe += c;
    }
  }
  return safe;
}

std::string html_escape(std::string_view text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '&':
        escaped += "&amp;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

// The sweep axes as the page reads them: the one table's names, labels and where a result
// records each value, so the page spells no axis of its own.
Json sweep_axes_data() {
  Json axes = Json::array();
  for (const perf::SweepAxisSpec& axis : perf::sweep_axis_specs()) {
    axes.push_back({{"name", axis.name},
                    {"label", axis.label},
                    {"title", axis.title},
                    {"unit", axis.unit},
                    {"curve", axis.curve},
                    {"requested", axis.requested_pointer},
                    {"in_effect", axis.in_effect_pointer != nullptr ? Json(axis.in_effect_pointer) : Json(nullptr)}});
  }
  return axes;
}

Json page_data(const std::vector<document::PerfReportDocument>& reports, std::string_view generator) {
  Json list = Json::array();
  for (const auto& report : reports) {
    list.push_back({{"source", report.source},
                    {"kind", report.kind},
                    {"schema_version", report.schema_version},
                    {"sweep", report.sweep},
                    {"interrupted", report.interrupted},
                    {"results", report.results}});
  }
  // The axis that is the load of each serving loop (perf/serving_result.h), for the Serving charts.
  const Json loads = {{perf::to_string(perf::ServingMode::closed), "concurrency"},
                      {perf::to_string(perf::ServingMode::open), "request_rate"}};
  return {{"generator", generator}, {"axes", sweep_axes_data()}, {"loads", loads}, {"reports", std::move(list)}};
}

std::string page_title(const std::vector<document::PerfReportDocument>& reports) {
  std::string title = "winml perf report: ";
  for (std::size_t i = 0; i < reports.size(); ++i) title += (i ? ", " : "") + reports[i].source;
  return title;
}

}  // namespace

std::string render_html_report(const std::vector<document::PerfReportDocument>& reports, std::string_view chart_js,
                               std::string_view generator) {
  if (reports.empty()) throw std::invalid_argument("render_html_report needs at least one report");
  const std::string_view page(kPerfReportTemplate, kPerfReportTemplate_size);
  // The markers in the order the template has them; each is filled in once, in one pass, so no
  // filled-in text is searched for markers again.
  const std::array<std::pair<std::string_view, std::string>, 3> fills = {{
      {"@WINML_TITLE@", html_escape(page_title(reports))},
      {"@WINML_CHART_JS@", std::string(chart_js)},
      {"@WINML_REPORT_DATA@", script_safe_json(page_data(reports, generator))},
  }};
  std::string html;
  html.reserve(page.size() + chart_js.size() + fills[2].second.size());
  std::size_t at = 0;
  for (const auto& [marker, text] : fills) {
    const std::size_t found = page.find(marker, at);
    if (found == std::string_view::npos) throw std::logic_error("the report template lacks " + std::string(marker));
    html.append(page.substr(at, found - at));
    html += text;
    at = found + marker.size();
  }
  html.append(page.substr(at));
  return html;
}

}  // namespace winml::html
