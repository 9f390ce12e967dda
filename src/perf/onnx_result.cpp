#include "perf/onnx_result.h"

#include <utility>

namespace winml::perf {

OnnxMetrics compute_onnx_metrics(const LatencyRun& run, int batch_size, const std::vector<double>& percentiles) {
  OnnxMetrics m;
  m.latency_s = summarize(run.timed_s, percentiles);
  m.first_run_s = run.first_run_s;
  m.warmup_count = run.warmup_s.size();
  m.warmup_mean_s = mean(run.warmup_s);
  // Throughput from the time spent inside Run only, the same time the latency statistics use, so
  // batches/s is exactly 1 / mean latency. onnxruntime_perf_test divides by the wall time of the
  // loop instead; timed_wall_s is reported so the two can be compared.
  const double inside = sum(run.timed_s);
  m.batches_per_s = inside > 0 ? static_cast<double>(run.timed_s.size()) / inside : 0;
  m.samples_per_s = m.batches_per_s * batch_size;
  m.timed_wall_s = run.timed_wall_s;
  return m;
}

OnnxRound onnx_round(std::size_t round, const std::vector<double>& timed_s) {
  const Summary latency = summarize(timed_s, {50});
  return {round, timed_s.size(), latency.mean, latency.median};
}

OnnxPerfResult make_onnx_result(OnnxPerfConfig config, const LatencyRun& run, OnnxRunFacts facts, MachineInfo machine) {
  OnnxPerfResult r;
  r.metrics = compute_onnx_metrics(run, config.batch_size, config.run.percentiles);
  r.config = std::move(config);
  r.context.machine = std::move(machine);
  r.facts = facts;
  r.samples = run;
  r.context.quality = assess_run({{"latency_ms", &r.metrics.latency_s, run.timed_s}}, run.warmup_s.size());
  r.rounds = {onnx_round(1, run.timed_s)};  // one round unless the benchmark pooled several
  return r;
}

}  // namespace winml::perf
