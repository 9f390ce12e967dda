#include "report/json_load.h"

namespace winml::report::json_fields {

Json load_breakdown(const LoadBreakdown& load) {
  return {{"prepare_ms", ms(load.prepare_s)},     {"compile_ms", ms(load.compile_s)}, {"model_ms", ms(load.model_s)},
          {"tokenizer_ms", ms(load.tokenizer_s)}, {"other_ms", ms(load.other_s)},     {"total_ms", ms(load.total_s())}};
}

Json onnx_load(const perf::OnnxRunFacts& facts) {
  return {{"session_creation_ms", ms(facts.session_creation_s)},
          {"input_preparation_ms", ms(facts.input_preparation_s)},
          {"total_ms", ms(facts.session_creation_s + facts.input_preparation_s)}};
}

Json cold_metrics(const std::optional<perf::ColdMetrics>& cold) {
  if (!cold) return nullptr;
  return {{"iterations", cold->iterations},
          {"load_ms", summary_ms(cold->load_s)},
          {"model_ms", summary_ms(cold->model_s)},
          {"tokenizer_ms", summary_ms(cold->tokenizer_s)},
          {"ttft_ms", summary_ms(cold->ttft_s)},
          {"total_ms", summary_ms(cold->total_s)},
          {"load_to_first_token_ms", summary_ms(cold->load_to_first_token_s)}};
}

}  // namespace winml::report::json_fields
