#include "perf/genai_result.h"

#include <algorithm>
#include <numeric>
#include <span>
#include <utility>

namespace winml::perf {
namespace {

// num / den, or 0 when there is nothing to divide by (no tokens, or a clock that never moved).
double divide_or_zero(double num, double den) { return den > 0 ? num / den : 0; }

}  // namespace

double GenerationSample::total_s() const {
  return prefill_s + first_token_s + std::accumulate(decode_s.begin(), decode_s.end(), 0.0);
}

GenerationSample to_sample(const GenerationTiming& timing) {
  return {timing.depth_fill_s, timing.prefill_s,    timing.first_token_s,
          timing.decode_s,     timing.input_tokens, timing.generated_tokens};
}

GenaiMetrics compute_genai_metrics(const std::vector<GenerationTiming>& timed, const std::vector<double>& percentiles) {
  GenaiMetrics m;
  m.iterations = timed.size();
  std::vector<double> ttft, prefill, first, tpot, steps, rate, total, depth_fill;
  std::vector<std::span<const double>> decode_by_iteration;
  double decode_time = 0, prefill_time = 0, total_time = 0;
  long long prompt_tokens = 0;
  for (const GenerationTiming& t : timed) {
    ttft.push_back(t.ttft_s());
    prefill.push_back(t.prefill_s);
    if (t.depth_tokens > 0) depth_fill.push_back(t.depth_fill_s);
    first.push_back(t.first_token_s);
    total.push_back(t.total_s());
    // An iteration without decode steps (one token, or EOS at once under --stop-at-eos) has no
    // TPOT or decode rate; counting it as 0 would drag the statistics down, so it is left out
    // and the summary's count says how many iterations contributed.
    if (!t.decode_s.empty()) {
      tpot.push_back(t.tpot_s());
      rate.push_back(t.decode_tokens_per_s());
    }
    steps.insert(steps.end(), t.decode_s.begin(), t.decode_s.end());
    decode_by_iteration.emplace_back(t.decode_s);
    decode_time += t.decode_total_s();
    prefill_time += t.prefill_s;
    total_time += t.total_s();
    prompt_tokens += t.input_tokens;
    m.generated_tokens.push_back(t.generated_tokens);
    m.generated_tokens_total += t.generated_tokens;
  }
  m.decode_steps = steps.size();
  m.prompt_tokens = timed.empty() ? 0 : timed.front().input_tokens;
  m.depth_tokens = timed.empty() ? 0 : timed.front().depth_tokens;
  // At depth the steps attend over the filled cache too: positions count from depth + prompt.
  m.decode_timeline = decode_timeline(decode_by_iteration, m.depth_tokens + m.prompt_tokens, percentiles);
  m.ttft_s = summarize(std::move(ttft), percentiles);
  m.prefill_s = summarize(std::move(prefill), percentiles);
  m.depth_fill_s = summarize(std::move(depth_fill), percentiles);
  m.first_token_s = summarize(std::move(first), percentiles);
  m.tpot_s = summarize(std::move(tpot), percentiles);
  m.decode_step_s = summarize(std::move(steps), percentiles);
  m.decode_tokens_per_s = summarize(std::move(rate), percentiles);
  m.total_s = summarize(std::move(total), percentiles);
  // Aggregates weight every step (or token) equally, unlike the mean of per-iteration rates, which
  // weights iterations equally; with --stop-at-eos the two differ.
  m.decode_tokens_per_s_aggregate = divide_or_zero(static_cast<double>(m.decode_steps), decode_time);
  m.prefill_tokens_per_s_aggregate = divide_or_zero(static_cast<double>(prompt_tokens), prefill_time);
  m.avg_token_latency_s = divide_or_zero(total_time, static_cast<double>(m.generated_tokens_total));
  return m;
}

GenaiRound genai_round(std::size_t round, const std::vector<GenerationTiming>& timed) {
  const GenaiMetrics m = compute_genai_metrics(timed, {50});
  return {round, timed.size(), m.ttft_s.mean, m.ttft_s.median, m.decode_tokens_per_s_aggregate};
}

WarmupMeans warmup_means(const std::vector<GenerationTiming>& warmup) {
  WarmupMeans w;
  w.count = warmup.size();
  if (warmup.empty()) return w;
  double steps = 0, decode_time = 0;
  for (const GenerationTiming& t : warmup) {
    w.ttft_s += t.ttft_s();
    w.prefill_s += t.prefill_s;
    w.total_s += t.total_s();
    steps += static_cast<double>(t.decode_s.size());
    decode_time += t.decode_total_s();
  }
  const double n = static_cast<double>(warmup.size());
  w.ttft_s /= n;
  w.prefill_s /= n;
  w.total_s /= n;
  w.decode_tokens_per_s = divide_or_zero(steps, decode_time);
  return w;
}

namespace {

// The headline per-iteration metrics in run order, for the variation and warmup checks.
RunQuality assess_genai_run(const GenaiMetrics& m, const std::vector<GenerationTiming>& timed,
                            const WarmupScale& warmup) {
  CheckedMetric ttft{"ttft_ms", &m.ttft_s, {}}, tpot{"tpot_ms", &m.tpot_s, {}};
  CheckedMetric rate{"decode_tokens_per_s", &m.decode_tokens_per_s, {}}, total{"total_ms", &m.total_s, {}};
  for (const GenerationTiming& t : timed) {
    ttft.in_order.push_back(t.ttft_s());
    total.in_order.push_back(t.total_s());
    if (t.decode_s.empty()) continue;  // as in compute_genai_metrics
    tpot.in_order.push_back(t.tpot_s());
    rate.in_order.push_back(t.decode_tokens_per_s());
  }
  return assess_run({ttft, tpot, rate, total}, warmup);
}

// How the run counts its warmup (perf/warmup_check.h): a serving run's --warmup is per slot and
// so its advice counts conversations; a closed loop admits its first `slots` requests together.
WarmupScale warmup_scale(const GenaiPerfConfig& config, std::size_t warmup_samples) {
  if (!config.serving) return WarmupScale{warmup_samples};
  const ServingConfig& s = *config.serving;
  const std::size_t flag = config.warmup;
  std::size_t slots = s.concurrency;
  if (flag > 0 && s.warmup_requests > 0) slots = s.warmup_requests / flag;
  slots = std::max<std::size_t>(1, slots);
  WarmupScale scale;
  scale.flag = flag;
  scale.per_flag = slots;  // conversations (multi-turn ones run one at a time on a static engine)
  scale.first_wave = s.mode == ServingMode::closed ? slots : 0;
  scale.noun = "timed request";
  return scale;
}

}  // namespace

GenaiPerfResult make_genai_result(GenaiPerfConfig config, const GenaiRunSamples& run, GenaiRunFacts facts,
                                  MachineInfo machine) {
  GenaiPerfResult r;
  r.config = std::move(config);
  r.context.machine = std::move(machine);
  r.facts = std::move(facts);
  r.metrics = compute_genai_metrics(run.timed, r.config.run.percentiles);
  r.warmup = warmup_means(run.warmup);
  r.context.quality = assess_genai_run(r.metrics, run.timed, warmup_scale(r.config, run.warmup.size()));
  if (r.config.cold) r.cold = compute_cold_metrics(r.facts.cold, r.config.run.percentiles);
  r.rounds = {genai_round(1, run.timed)};  // one round unless the benchmark pooled several
  for (const GenerationTiming& t : run.timed) r.samples.push_back(to_sample(t));
  for (const GenerationTiming& t : run.warmup) r.warmup_samples.push_back(to_sample(t));
  return r;
}

}  // namespace winml::perf
