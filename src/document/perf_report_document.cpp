#include "document/perf_report_document.h"

#include <sstream>
#include <system_error>

#include "document/report_refusal.h"
#include "document/report_samples_check.h"
#include "platform/read_file.h"
#include "report/json_reporter.h"
#include "util/json_read.h"
#include "winml/errors.h"

namespace winml::document {
namespace {

using Json = nlohmann::ordered_json;

// A report nests about six levels (results[].metrics.decode_timeline[].p50); this bound only keeps
// a hostile file from costing unbounded recursion where nlohmann walks the tree.
constexpr int kMaxReportDepth = json_read::kDefaultMaxDepth;

}  // namespace

PerfReportDocument parse_perf_report(std::string_view text, const std::string& source) {
  Json document;
  try {
    document = json_read::parse_ordered(text, kMaxReportDepth);
  } catch (const json_read::JsonReadError& e) {
    switch (e.kind()) {
      case json_read::JsonReadError::Kind::not_json:
        refuse_not_a_report(source, std::string("it is not valid JSON (") + e.what() + ")");
      case json_read::JsonReadError::Kind::too_deep:
        refuse_not_a_report(source, "it nests JSON more than " + std::to_string(kMaxReportDepth) + " levels deep");
      case json_read::JsonReadError::Kind::duplicate_key:
        refuse_not_a_report(source, e.what());
    }
    throw;
  }
  if (!document.is_object()) refuse_not_a_report(source, "it is not a JSON object");
  const auto version = document.find("schema_version");
  if (version == document.end() || !version->is_number_integer())
    refuse_not_a_report(source, "it has no integer schema_version");
  PerfReportDocument report;
  report.source = source;
  report.schema_version = version->get<int>();
  if (report.schema_version < 1)
    refuse_not_a_report(source, "schema_version " + std::to_string(report.schema_version) + " is not one winml writes");
  if (report.schema_version > report::kSchemaVersion) {
    refuse_report(source,
                  " has schema_version " + std::to_string(report.schema_version) +
                      ", written by a newer winml; this one reads versions 1 to " +
                      std::to_string(report::kSchemaVersion),
                  "Use a winml at least as new as the one that wrote it");
  }
  const auto kind = document.find("kind");
  if (kind == document.end() || !kind->is_string() || (*kind != "genai" && *kind != "onnx")) {
    refuse_not_a_report(source, "its kind is not \"genai\" or \"onnx\"");
  }
  report.kind = kind->get<std::string>();
  if (const auto methods = document.find("methods"); methods != document.end()) report.methods = *methods;
  // A result must at least say what ran (config) and what was measured (metrics).
  if (report.schema_version == 1) {
    check_result_objects(document, "the document", source, {"config", "metrics"});
    report.results = Json::array({document});
    // Those belong to the document, which version 2 keeps above its results.
    for (const char* key : {"schema_version", "kind", "methods"}) report.results[0].erase(key);
    check_report_samples(report);
    return report;
  }
  const auto results = document.find("results");
  if (results == document.end() || !results->is_array() || results->empty()) {
    refuse_not_a_report(source, "it has no \"results\" array with at least one result");
  }
  for (std::size_t i = 0; i < results->size(); ++i) {
    check_result_objects(results->at(i), "results[" + std::to_string(i) + "]", source, {"config", "metrics"});
  }
  report.results = std::move(*results);
  if (const auto sweep = document.find("sweep"); sweep != document.end()) report.sweep = std::move(*sweep);
  if (const auto interrupted = document.find("interrupted"); interrupted != document.end() && interrupted->is_object())
    report.interrupted = std::move(*interrupted);
  check_report_samples(report);
  return report;
}

PerfReportDocument read_perf_report(const std::filesystem::path& path) {
  constexpr std::string_view kFix = "Pass the JSON report a `winml perf` run wrote";
  const auto text = platform::read_regular_file_if_present(path, kMaxReportFileBytes, "a winml perf report",
                                                           ErrorCategory::usage, std::string(kFix) + ".");
  if (!text) refuse_report(path.string(), " does not exist", kFix);
  return parse_perf_report(*text, path.string());
}

}  // namespace winml::document
