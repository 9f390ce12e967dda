#include "document/report_samples_check.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "document/report_refusal.h"
#include "report/json_fields.h"

namespace winml::document {
namespace {

using Json = nlohmann::ordered_json;

// The JSON path of a value, formatted only when a message needs it: a report can hold millions
// of samples, and a check that built every path would cost more than reading them.
// The top of the file is a Path{}; each step names its parent, which outlives it.
struct Path {
  const Path* parent = nullptr;
  const char* key = nullptr;  // a key of an object, or null for an index of an array
  std::size_t index = 0;
  std::string text() const {
    if (parent == nullptr) return "";
    std::string out = parent->text();
    if (key == nullptr) return out + fmt::format("[{}]", index);
    return out.empty() ? std::string(key) : out + "." + key;
  }
  Path operator/(const char* k) const { return {this, k, 0}; }
  Path operator[](std::size_t i) const { return {this, nullptr, i}; }
};

class SamplesCheck {
 public:
  explicit SamplesCheck(const std::string& source) : source_(source) {}

  void genai(const Json& samples, const Path& at) const {
    for (const char* key : {"timed", "warmup"}) {
      if (const Json* list = array(samples, at / key)) {
        for (std::size_t i = 0; i < list->size(); ++i) generation(list->at(i), (at / key)[i]);
      }
    }
    if (const Json* cold = array(samples, at / "cold")) {
      for (std::size_t i = 0; i < cold->size(); ++i) cold_start(cold->at(i), (at / "cold")[i]);
    }
  }

  void onnx(const Json& samples, const Path& at) const {
    if (const auto first = samples.find("first_run_ms"); first != samples.end() && !first->is_null()) {
      time(*first, at / "first_run_ms");
    }
    for (const char* key : {"warmup_ms", "timed_ms"}) {
      if (const Json* list = array(samples, at / key)) {
        for (std::size_t i = 0; i < list->size(); ++i) time(list->at(i), (at / key)[i]);
      }
    }
  }

  [[noreturn]] void refuse(const Path& at, const std::string& problem) const {
    refuse_report(source_, fmt::format(": {} {}, so it is not a sample winml perf wrote", at.text(), problem),
                  "Pass the JSON reports that `winml perf` runs wrote, unedited");
  }

  void object(const Json& value, const Path& at) const {
    if (!value.is_object()) refuse(at, fmt::format("is {}, not an object", report::json_fields::quoted_value(value)));
  }

 private:
  // The array at `at` (its last key) in `parent`; null when absent or null (nothing recorded).
  const Json* array(const Json& parent, const Path& at) const {
    const auto it = parent.find(at.key);
    if (it == parent.end() || it->is_null()) return nullptr;
    if (!it->is_array()) refuse(at, fmt::format("is {}, not an array", report::json_fields::quoted_value(*it)));
    return &*it;
  }

  const Json& required(const Json& parent, const Path& at) const {
    const auto it = parent.find(at.key);
    if (it == parent.end()) refuse(at, "is missing");
    return *it;
  }

  void time(const Json& value, const Path& at) const {
    if (!value.is_number())
      refuse(at, fmt::format("is {}, not a number of milliseconds", report::json_fields::quoted_value(value)));
    const double ms = value.get<double>();
    if (!std::isfinite(ms)) refuse(at, "is not a finite number of milliseconds");
    if (ms < 0) refuse(at, fmt::format("is {}, a time cannot be negative", report::json_fields::quoted_value(value)));
  }

  void count(const Json& value, const Path& at) const {
    if (value.is_number_unsigned()) return;
    if (value.is_number_integer()) {
      if (value.get<std::int64_t>() >= 0) return;
      refuse(at, fmt::format("is {}, a count cannot be negative", report::json_fields::quoted_value(value)));
    }
    refuse(at, fmt::format("is {}, not a whole number of tokens", report::json_fields::quoted_value(value)));
  }

  // One generation (docs/report.schema.json, generation_sample): what compare and the HTML page
  // read is required; depth_fill_ms (schema version 2) and generated_tokens are checked when present.
  void generation(const Json& sample, const Path& at) const {
    object(sample, at);
    for (const char* key : {"prefill_ms", "first_token_ms", "total_ms"}) time(required(sample, at / key), at / key);
    count(required(sample, at / "input_tokens"), at / "input_tokens");
    const Path steps_at = at / "decode_ms";
    const Json& steps = required(sample, steps_at);
    if (!steps.is_array())
      refuse(steps_at, fmt::format("is {}, not an array", report::json_fields::quoted_value(steps)));
    for (std::size_t i = 0; i < steps.size(); ++i) time(steps[i], steps_at[i]);
    if (const auto fill = sample.find("depth_fill_ms"); fill != sample.end()) time(*fill, at / "depth_fill_ms");
    if (const auto made = sample.find("generated_tokens"); made != sample.end()) count(*made, at / "generated_tokens");
  }

  // One --cold start: where the load's time went, and the first generation after it.
  void cold_start(const Json& start, const Path& at) const {
    object(start, at);
    const Path load_at = at / "load";
    const Json& load = required(start, load_at);
    object(load, load_at);
    for (const char* key : {"prepare_ms", "compile_ms", "model_ms", "tokenizer_ms", "other_ms", "total_ms"}) {
      if (const auto it = load.find(key); it != load.end()) time(*it, load_at / key);
    }
    generation(required(start, at / "first"), at / "first");
  }

  const std::string& source_;
};

}  // namespace

void check_report_samples(const PerfReportDocument& report) {
  const SamplesCheck check(report.source);
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    const Json& result = report.results[i];
    // A version 1 report is its one result: its paths start at the top of the file.
    const Path top;
    const Path results = top / "results";
    const Path in_results = results[i];
    const Path at = (report.schema_version == 1 ? top : in_results) / "samples";
    const auto samples = result.find("samples");
    if (samples == result.end()) continue;  // perf merge asks for it; compare finds no samples
    check.object(*samples, at);
    if (report.kind == "genai") {
      check.genai(*samples, at);
    } else {
      check.onnx(*samples, at);
    }
  }
}

}  // namespace winml::document
