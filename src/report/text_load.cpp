#include "report/text_load.h"

#include <fmt/format.h>

#include "report/text_sections.h"
#include "report/text_units.h"
#include "util/plural.h"

namespace winml::report::text {

std::string load_text(const LoadBreakdown& load) {
  std::string text = fmt::format("{} (prepare {} · compile {} · model {} · tokenizer {}", duration(load.total_s()),
                                 duration(load.prepare_s), duration(load.compile_s), duration(load.model_s),
                                 duration(load.tokenizer_s));
  if (load.other_s > 0) text += " · other " + duration(load.other_s);
  return text + ")";
}

std::string onnx_load_text(const perf::OnnxRunFacts& facts) {
  return fmt::format("{} (session creation {} · inputs {})",
                     duration(facts.session_creation_s + facts.input_preparation_s), duration(facts.session_creation_s),
                     duration(facts.input_preparation_s));
}

std::string cold_text(const perf::ColdMetrics& cold) {
  return fmt::format("{} · load median {} (model {} · tokenizer {}) · TTFT median {} · load + TTFT median {}",
                     count_of(cold.iterations, "run"), duration(cold.load_s.median), duration(cold.model_s.median),
                     duration(cold.tokenizer_s.median), duration(cold.ttft_s.median),
                     duration(cold.load_to_first_token_s.median));
}

}  // namespace winml::report::text
