#include "report/serving_json.h"

#include "report/json_fields.h"

namespace winml::report::json_fields {

Json serving_config(const perf::ServingConfig& c) {
  return {{"mode", perf::to_string(c.mode)},
          {"concurrency", c.concurrency},
          {"request_rate", c.request_rate ? Json(*c.request_rate) : Json(nullptr)},
          {"burstiness", c.burstiness},
          {"arrival_seed", c.arrival_seed},
          {"requests", c.requests},
          {"warmup_requests", c.warmup_requests},
          {"turns", c.turns},
          {"slo",
           {{"ttft_ms", ms_or_null(c.objectives.ttft_s)},
            {"tpot_ms", ms_or_null(c.objectives.tpot_s)},
            {"e2e_ms", ms_or_null(c.objectives.e2e_s)}}}};
}

Json serving_figures(const perf::ServingResult& serving) {
  const perf::ServingSummary& s = serving.summary;
  Json turns = Json::array();
  for (const perf::TurnSummary& t : s.turns) {
    turns.push_back({{"turn", t.turn},
                     {"requests", t.requests},
                     {"ttft_ms", summary_ms(t.ttft_s)},
                     {"prompt_tokens", t.prompt_tokens},
                     {"cached_prompt_tokens", t.cached_prompt_tokens}});
  }
  Json goodput = nullptr;
  if (s.goodput) {
    goodput = {{"met", s.goodput->met},
               {"requests", s.goodput->requests},
               {"share", s.goodput->share()},
               {"requests_per_s", rate(s.goodput->requests_per_s)}};
  }
  return {{"engine",
           {{"max_batch_size", serving.limits.max_batch_size},
            {"max_scheduled_tokens", serving.limits.max_scheduled_tokens},
            {"max_request_length", serving.limits.max_request_length}}},
          {"requests", s.requests},
          {"conversations", s.conversations},
          {"wall_ms", ms(s.wall_s)},
          {"ttft_ms", summary_ms(s.ttft_s)},
          {"tpot_ms", summary_ms(s.tpot_s)},
          {"itl_ms", summary_ms(s.itl_s)},
          {"e2e_ms", summary_ms(s.e2e_s)},
          {"queue_wait_ms", summary_ms(s.queue_wait_s)},
          {"output_tokens_per_s", rate(s.output_tokens_per_s)},
          {"requests_per_s", rate(s.requests_per_s)},
          {"steps", s.steps},
          {"mean_batch", s.mean_batch},
          {"largest_batch", s.largest_batch},
          {"prompt_tokens", s.prompt_tokens},
          {"cached_prompt_tokens", s.cached_prompt_tokens},
          {"generated_tokens", s.generated_tokens},
          {"goodput", goodput},
          {"offered_rate_per_s", s.offered_rate_per_s ? Json(rate(*s.offered_rate_per_s)) : Json(nullptr)},
          {"offered_rate_exceeded", s.offered_rate_exceeded},
          {"turns", turns}};
}

}  // namespace winml::report::json_fields
