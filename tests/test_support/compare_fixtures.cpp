#include "test_support/compare_fixtures.h"

#include <utility>
#include <vector>

namespace winml::testing {

using Json = nlohmann::ordered_json;

namespace {

// Prefill times (ms) of 8 iterations; every other time of an iteration follows its prefill's factor.
const std::vector<double> kPrefill = {50.0, 51.2, 49.1, 50.6, 48.8, 50.9, 49.6, 50.3};

}  // namespace

Json genai_result(double scale, int threads, int prompt_tokens, const std::string& bundle, const std::string& ep) {
  Json timed = Json::array();
  for (double prefill : kPrefill) {
    const double factor = prefill / 50.0;
    const Json decode = {10 * factor * scale, 10.2 * factor * scale, 9.9 * factor * scale, 10.1 * factor * scale};
    double total = prefill * scale + 1.0 * scale;
    for (const Json& step : decode) total += step.get<double>();
    timed.push_back({{"prefill_ms", prefill * scale},
                     {"first_token_ms", 1.0 * scale},
                     {"decode_ms", decode},
                     {"total_ms", total},
                     {"input_tokens", prompt_tokens},
                     {"generated_tokens", 5}});
  }
  return {{"config",
           {{"bundle", bundle},
            {"ep", ep},
            {"device", ep == "cpu" ? "cpu" : "npu"},
            {"prompt", "<" + std::to_string(prompt_tokens) + " random token ids>"},
            {"prompt_tokens", prompt_tokens},
            {"max_new_tokens", 5},
            {"depth", 0},
            {"max_length_requested", nullptr},
            {"threads", {{"requested", threads}, {"intra_op_threads", threads}}}}},
          {"machine", {{"cpu_model", "Example CPU"}}},
          {"metrics", {{"peak_rss_bytes", 500'000'000 * scale}}},
          {"samples", {{"timed", timed}, {"warmup", Json::array()}}}};
}

Json onnx_results(double scale) {
  Json timed = Json::array();
  for (double v : {5.0, 4.9, 5.1, 5.0, 4.8, 5.2, 5.0, 4.9, 5.05, 5.0}) timed.push_back(v * scale);
  return Json::array({{{"config", {{"model", "/m/resnet.onnx"}, {"ep", "cpu"}, {"device", "cpu"}, {"batch_size", 1}}},
                       {"machine", {{"cpu_model", "Example CPU"}}},
                       {"metrics", {{"peak_rss_bytes", 0}}},
                       {"samples", {{"timed_ms", timed}}}}});
}

::winml::document::PerfReportDocument document(const std::string& source, Json results, const std::string& kind) {
  ::winml::document::PerfReportDocument doc;
  doc.source = source;
  doc.schema_version = 2;
  doc.kind = kind;
  doc.methods = {{"stddev", "n-1"}};
  doc.results = std::move(results);
  return doc;
}

}  // namespace winml::testing
