#include "html/html_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "perf/sweep_axes.h"

namespace winml::html {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using Json = nlohmann::ordered_json;

constexpr const char* kLibrary = "window.Chart = function () {};";

document::PerfReportDocument report_with_model(const std::string& model) {
  document::PerfReportDocument doc;
  doc.source = "a<b>.json";
  doc.schema_version = 2;
  doc.kind = "genai";
  doc.results = Json::array({{{"config", {{"bundle", model}}}, {"metrics", Json::object()}}});
  return doc;
}

// The text of the <script type="application/json"> element that holds the data.
std::string embedded_data(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"winml-report-data\">";
  const auto start = html.find(open);
  const auto end = html.find("</script>", start);
  if (start == std::string::npos || end == std::string::npos) return "";
  return html.substr(start + open.size(), end - start - open.size());
}

TEST(HtmlReport, FillsEveryMarkerWithTheLibraryAndTheData) {
  const std::string html = render_html_report({report_with_model("tiny")}, kLibrary, "winml 9.9 (abc)");
  EXPECT_THAT(html, Not(HasSubstr("@WINML_")));
  EXPECT_THAT(html, HasSubstr(kLibrary));
  const Json data = Json::parse(embedded_data(html));
  EXPECT_EQ(data["generator"], "winml 9.9 (abc)");
  ASSERT_EQ(data["reports"].size(), 1u);
  EXPECT_EQ(data["reports"][0]["kind"], "genai");
  EXPECT_EQ(data["reports"][0]["schema_version"], 2);
  EXPECT_EQ(data["reports"][0]["results"][0]["config"]["bundle"], "tiny");
}

// The page spells no sweep axis: it reads them, with where a result records each value, from the
// one table the console, the rows and compare read.
TEST(HtmlReport, ThePageTakesItsSweepAxesFromTheOneTable) {
  const std::string html = render_html_report({report_with_model("tiny")}, kLibrary, "winml");
  const Json axes = Json::parse(embedded_data(html))["axes"];
  const auto specs = perf::sweep_axis_specs();
  ASSERT_EQ(axes.size(), specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    EXPECT_EQ(axes[i]["name"], specs[i].name);
    EXPECT_EQ(axes[i]["label"], specs[i].label);
    EXPECT_EQ(axes[i]["requested"], specs[i].requested_pointer);
    EXPECT_EQ(axes[i]["curve"], specs[i].curve);
  }
  EXPECT_EQ(axes[2]["name"], "threads");
  EXPECT_EQ(axes[2]["in_effect"], "/config/threads/intra_op_threads");
  EXPECT_TRUE(axes[3]["in_effect"].is_null());

  std::string page = html;
  page.erase(page.find(embedded_data(html)), embedded_data(html).size());
  for (const perf::SweepAxisSpec& axis : specs) {
    if (std::string(axis.name).find('_') == std::string::npos) continue;  // "ep", "threads": plain words too
    EXPECT_THAT(page, Not(HasSubstr(axis.name))) << "the page spells the axis " << axis.name;
  }
}

TEST(HtmlReport, ReportTextCannotEndTheScriptElement) {
  const std::string hostile = "</script><script>alert(1)</script><!--";
  const std::string html = render_html_report({report_with_model(hostile)}, kLibrary, "winml");
  const std::string data = embedded_data(html);
  EXPECT_THAT(data, Not(HasSubstr("<")));
  EXPECT_EQ(Json::parse(data)["reports"][0]["results"][0]["config"]["bundle"], hostile);  // intact when read
  EXPECT_THAT(html, HasSubstr("<title>winml perf report: a&lt;b&gt;.json</title>"));
}

TEST(HtmlReport, IsSelfContained) {
  const std::string html = render_html_report({report_with_model("tiny")}, kLibrary, "winml");
  for (const char* fetch : {"<script src", "<link", "<img", "<iframe", "url(", "@import", "fetch(", "XMLHttpRequest"}) {
    EXPECT_THAT(html, Not(HasSubstr(fetch))) << fetch;
  }
}

}  // namespace
}  // namespace winml::html
