#include "perf/cold_start.h"

#include <utility>

namespace winml::perf {

ColdMetrics compute_cold_metrics(const std::vector<ColdStart>& starts, const std::vector<double>& percentiles) {
  ColdMetrics m;
  m.iterations = starts.size();
  std::vector<double> load, model, tokenizer, ttft, total, to_first;
  for (const ColdStart& s : starts) {
    load.push_back(s.load.total_s());
    model.push_back(s.load.model_s);
    tokenizer.push_back(s.load.tokenizer_s);
    ttft.push_back(s.first.ttft_s());
    total.push_back(s.first.total_s());
    to_first.push_back(s.load.total_s() + s.first.ttft_s());
  }
  m.load_s = summarize(std::move(load), percentiles);
  m.model_s = summarize(std::move(model), percentiles);
  m.tokenizer_s = summarize(std::move(tokenizer), percentiles);
  m.ttft_s = summarize(std::move(ttft), percentiles);
  m.total_s = summarize(std::move(total), percentiles);
  m.load_to_first_token_s = summarize(std::move(to_first), percentiles);
  return m;
}

}  // namespace winml::perf
