#include "fixtures.h"

#include "perf/genai_roofline.h"
#include "perf/greedy_output.h"
#include "perf/output_agreement.h"
#include "perf/run_quality.h"
#include "profile/profile_summary.h"
#include "session/placement.h"

namespace winml::testing {
namespace {

// `count` nodes of `op_type` on `ep`, named op_type + index.
void add_nodes(std::vector<engine::AssignedNode>& nodes, const std::string& ep, const std::string& op_type, int count) {
  for (int i = 0; i < count; ++i) nodes.push_back({ep, op_type + "_" + std::to_string(i), "", op_type});
}

// A stage probed as GenAI opens it: `on_ep` MatMul/Add/Mul nodes on QNN, Gather and Softmax on the CPU.
StagePlacement probed_stage(const std::string& stage, int cpu_gathers, double probe_s) {
  std::vector<engine::AssignedNode> nodes;
  add_nodes(nodes, "QNNExecutionProvider", "MatMul", 9);
  add_nodes(nodes, "CPUExecutionProvider", "Gather", cpu_gathers);
  add_nodes(nodes, "QNNExecutionProvider", "Add", 5);
  add_nodes(nodes, "QNNExecutionProvider", "Mul", 4);
  if (cpu_gathers > 0) add_nodes(nodes, "CPUExecutionProvider", "Softmax", 1);
  StagePlacement placement = session::summarize_placement(stage, "QNNExecutionProvider", nodes);
  placement.source = "probe";
  placement.probe_s = probe_s;
  return placement;
}

GenerationTiming timing(double prefill, double first, std::vector<double> decode, int input) {
  GenerationTiming t;
  t.prefill_s = prefill;
  t.first_token_s = first;
  t.decode_s = std::move(decode);
  t.input_tokens = input;
  t.generated_tokens = 1 + static_cast<int>(t.decode_s.size());
  return t;
}

// A reference generation that produced `ids`, the first token's candidates `top` (id, logit).
perf::GreedyOutput fixture_output(std::vector<std::int32_t> ids, std::vector<TokenLogit> top,
                                  perf::ReferenceGeneration generation) {
  GenerationTiming t;
  t.token_ids = std::move(ids);
  t.first_top_logits = std::move(top);
  return perf::greedy_output(t, false, generation);
}

// A bundle of 8 layers (32 heads, 4 key/value heads of 64, float cache) with 420 MB of weights,
// 400 MB of which a decode step reads.
perf::RooflineModel roofline_model() {
  perf::RooflineModel m;
  m.attention = {8, 32, 4, 64, 1};
  m.decode_weights = {420'000'000, 400'000'000, 21'000'000, 0};
  m.weights_in_memory_bytes = 420'000'000;
  m.kv_bytes_per_position = 8 * 4 * 64 * 2 * 4;
  m.prefill_macs_per_token = 100'000'000;
  return m;
}

perf::BandwidthResult bandwidth_probe(std::vector<double> read) {
  perf::BandwidthResult r;
  r.threads = 8;
  r.array_bytes = 134'217'728;
  r.last_level_cache_bytes = 33'554'432;
  r.read_bytes_per_repetition = 3 * r.array_bytes;
  r.triad_bytes_per_repetition = 3 * r.array_bytes;
  r.read = perf::summarize_bandwidth(std::move(read));
  r.triad = perf::summarize_bandwidth({38.5, 39.25, 37.125});
  r.setup_seconds = 0.2125;
  r.timed_seconds = 0.2031;
  return r;
}

// The roofline a benchmark attaches, from the result's own samples.
void attach_roofline(perf::GenaiPerfResult& r, perf::BandwidthProbes probes) {
  probes.last_level_cache_bytes = 33'554'432;  // the probes' machine: the 400 MB step does not fit
  const perf::RooflineModel model = roofline_model();
  r.roofline = perf::GenaiRoofline{model, probes,
                                   perf::compute_roofline(model, r.samples, r.metrics, probes, r.facts.peak_rss_bytes)};
}

// --profile of a two-stage pipeline whose transformer runs on an accelerator EP: the embedding's
// Gather and one Mul stayed on the CPU.
void attach_profile(perf::GenaiPerfResult& r) {
  using profile::NodeTime;
  auto ctx_run = [](double dur, double mm_us, double mul_us) {
    return profile::SessionRun{"ctx",
                               0,
                               dur,
                               {NodeTime{"/layers.0/attn/q_proj/MatMul", "MatMul", "WinmlTestEP", 0, mm_us},
                                NodeTime{"/layers.0/mlp/act/Mul", "Mul", profile::kCpuEp, 0, mul_us}}};
  };
  profile::SessionRun embed{"embed", 0, 900, {NodeTime{"/embed/Gather", "Gather", profile::kCpuEp, 0, 600}}};
  perf::RunProfile p;
  p.method = "session";
  p.directory = "/reports/run.profile/1";
  p.traces = {"ctx_2026-07-10_14-30-06.json", "embed_2026-07-10_14-30-06.json"};
  p.merged_trace = "merged.trace.json";
  p.runs = 2;
  p.top_k = 2;
  perf::ProfiledPhase prefill{profile::summarize_phase("prefill", {embed, ctx_run(11000, 9000, 1250)}, 1, 2, true),
                              0.0123, 0.0131};
  perf::ProfiledPhase decode{
      profile::summarize_phase("decode", {ctx_run(9500, 8000, 500), ctx_run(9700, 8200, 500), ctx_run(9800, 8100, 600)},
                               3, 2, true),
      0.0100, 0.0104};
  p.phases = {prefill, decode};
  p.cpu_share = profile::pooled_cpu_share({prefill.profile, decode.profile});
  r.profile = p;
}

}  // namespace

perf::MachineInfo fixed_machine() {
  perf::MachineInfo m;
  m.cpu_model = "Example CPU @ 3.00GHz";
  m.logical_cores = 8;
  m.physical_cores = 4;
  m.memory_total_bytes = 16ull << 30;
  m.os = "Debian GNU/Linux 12 (bookworm)";
  m.kernel = "Linux 6.1.0-18-amd64";
  m.arch = "x86_64";
  m.host_name = "bench-01";
  m.onnxruntime_version = "1.31.0";
  m.genai_version = "0.18.0";
  m.winml_version = "0.1.0";
  m.winml_commit = "0123456789ab";
  m.build_type = "Release";
  m.power = {platform::PowerSource::battery, 43.0, "balanced"};  // a laptop unplugged
  return m;
}

perf::GenaiPerfResult genai_fixture() {
  perf::GenaiPerfConfig c;
  c.bundle = "/models/tiny-llama";
  c.ep = "config";
  c.device = "config";
  c.iterations = 3;
  c.warmup = 2;
  c.max_new_tokens = 4;
  c.max_new_tokens_effective = 4;
  c.max_length = 23 + 4;
  c.stop_at_eos = true;
  c.cold = true;
  c.prompt = "Explain the theory of relativity in simple terms.";
  c.context_length = 2048;
  c.run.timestamp = "2026-07-10T14:30:05+00:00";
  c.run.threads = perf::genai_threads_in_effect(std::nullopt, {{"ctx", 2}, {"iter", std::nullopt}}, fixed_machine());
  perf::GenaiRunSamples run;
  run.warmup = {timing(0.0250, 0.0020, {0.0110, 0.0105, 0.0101}, 23),
                timing(0.0150, 0.0012, {0.0102, 0.0101, 0.0100}, 23)};
  run.timed = {timing(0.0123456789, 0.0011, {0.0101, 0.0099, 0.0100}, 23),
               timing(0.0120, 0.0010, {0.0098, 0.0102, 0.0097}, 23), timing(0.0125, 0.0012, {0.0103}, 23)};
  perf::GenaiRunFacts facts;
  facts.load = {0.0125, 0.3120, 0.0850, 0.0115, 0.0005};  // 421.5 ms in all
  // --cold: reloads redo neither preparation nor compilation.
  facts.cold = {{{0, 0, 0.0900, 0.0120, 0.0003}, timing(0.0410, 0.0020, {0.0110, 0.0100, 0.0100}, 23)},
                {{0, 0, 0.0820, 0.0110, 0.0002}, timing(0.0350, 0.0015, {0.0105, 0.0100, 0.0099}, 23)},
                {{0, 0, 0.0860, 0.0112, 0.0002}, timing(0.0380, 0.0018, {0.0104}, 23)}};
  facts.peak_rss_bytes = 537'919'488;
  facts.preparation = {{"ctx", "qnn", "compiled", 12.5, "", "optimal"},
                       {"iter", "qnn", "fell_back", 300.0, "compile timed out after 300 s"}};
  // The two stages compiled side by side: the wall time is the slower one's.
  facts.compile = CompileTiming{2, "auto", "stages", 300.0, 312.5, 12.5};
  facts.placement = {probed_stage("ctx", 2, 0.0312), probed_stage("iter", 0, 0.0287)};
  perf::GenaiPerfResult r = perf::make_genai_result(c, run, facts, fixed_machine());
  attach_roofline(r, {bandwidth_probe({48.5, 50.25, 49.0}), bandwidth_probe({47.75, 49.5, 46.0})});
  r.context.clock = {{1, {8, 3400.125, 3100}, {8, 3390.5, 3050}}};  // steady
  attach_profile(r);
  r.output = fixture_output({318, 4, 4, 2}, {{318, 12.5}, {4, 11.25}, {77, 9.75}, {2, 9.5}, {1000, -0.125}},
                            perf::ReferenceGeneration::warmup);
  r.agreement = perf::Agreement{};  // a plain run: its own reference
  return r;
}

perf::GenaiPerfResult genai_budget_fixture() {
  perf::GenaiPerfConfig c;
  c.bundle = "bundle";
  c.ep = "cpu";
  c.device = "cpu";
  c.iterations = 10;
  c.duration_s = 0.5;
  c.warmup = 0;
  c.max_new_tokens = 5;  // more than fits: the 7-token prompt leaves 1 token of the context
  c.max_new_tokens_effective = 1;
  c.max_length = 8;
  c.apply_template = false;
  c.prompt = "";
  c.tokenizer = false;  // a run on token ids without a tokenizer
  c.context_length = 8;
  c.run.timestamp = "2026-07-10T14:30:05+00:00";
  c.run.threads = perf::genai_threads_in_effect(2, {{"decoder", 2}}, fixed_machine());
  c.run.percentiles = {90, 99.9};  // --percentiles 90,99.9
  perf::GenaiRunSamples run;
  run.timed = {timing(0.2, 0.001, {}, 7), timing(0.3, 0.002, {}, 7)};
  perf::MachineInfo m = fixed_machine();
  m.build_type = "Debug";
  perf::GenaiPerfResult r = perf::make_genai_result(c, run, perf::GenaiRunFacts{}, m);
  attach_roofline(r, {{}, {}, perf::ProbeSkip::off});                                      // --no-bandwidth-probe
  r.output = fixture_output({5}, {{5, 3.5}, {6, 3.0}}, perf::ReferenceGeneration::timed);  // no warmup
  return r;
}

perf::OnnxPerfResult onnx_fixture() {
  perf::OnnxPerfConfig c;
  c.model = "/models/resnet.onnx";
  c.ep = "cpu";
  c.device = "cpu";
  c.batch_size = 2;
  c.iterations = 10;
  c.warmup = 3;
  c.inputs = {{"pixel_values", "float", {2, 3, 224, 224}, "generated"}, {"mask", "bool", {2, 128}, "generated"}};
  c.data_sets = {"generated"};
  c.run.timestamp = "2026-07-10T14:30:05+00:00";
  c.run.threads = perf::onnx_threads_in_effect(std::nullopt, fixed_machine());
  perf::LatencyRun run;
  run.first_run_s = 0.0421;
  run.warmup_s = {0.0061, 0.0052, 0.0051};
  run.timed_s = {0.0050, 0.0049, 0.0051, 0.0050, 0.0048, 0.0052, 0.0050, 0.0049, 0.0075, 0.0050};
  run.timed_wall_s = 0.0525;
  perf::OnnxRunFacts facts;
  facts.session_creation_s = 0.1234;
  facts.input_preparation_s = 0.0021;
  facts.rss_before_load_bytes = 12'582'912;
  facts.rss_after_load_bytes = 134'217'728;
  facts.rss_after_runs_bytes = 150'994'944;
  facts.peak_rss_bytes = 163'577'856;
  std::vector<engine::AssignedNode> nodes;
  add_nodes(nodes, "CPUExecutionProvider", "Conv", 3);
  add_nodes(nodes, "CPUExecutionProvider", "Relu", 2);
  facts.placement = {session::summarize_placement("model", "", nodes)};
  perf::OnnxPerfResult r = perf::make_onnx_result(c, run, facts, fixed_machine());
  // --target-ci 5 --max-iterations 10: the outlier keeps the interval at ±10.9 %, so not met.
  perf::LoopSettings loop;
  loop.iterations = 10;
  loop.target_ci_pct = 5;
  loop.max_iterations = 10;
  perf::add_target_ci(r.context.quality, loop, "latency_ms", r.metrics.latency_s, run.timed_s.size());
  r.context.clock = {{1, {4, 3000, 2900}, {4, 2400, 2200}}};  // fell 20 %: throttled
  return r;
}

perf::OnnxPerfResult onnx_budget_fixture() {
  perf::OnnxPerfConfig c;
  c.model = "m.onnx";
  c.ep = "cpu";
  c.device = "cpu";
  c.duration_s = 0.001;
  c.warmup = 0;
  c.input_data = "/data";
  c.inputs = {{"x", "float", {1, 4}, "/data/test_data_set_0"}};
  c.data_sets = {"test_data_set_0", "test_data_set_1"};
  c.run.timestamp = "2026-07-10T14:30:05+00:00";
  c.run.threads = perf::onnx_threads_in_effect(1, fixed_machine());
  c.run.percentiles = {50, 99, 99.9, 99.999};  // --percentiles 99.9,50,99,99.999
  perf::LatencyRun run;
  run.first_run_s = 0.00002;
  run.timed_s = {0.0000123};
  run.timed_wall_s = 0.0000124;
  perf::OnnxPerfResult result = make_onnx_result(c, run, perf::OnnxRunFacts{}, fixed_machine());
  result.context.clock = {{1, {}, {}}};  // a VM without cpufreq
  // --validate --atol 0.001: one set within tolerance, one not, one whose shape differs, and one
  // output drawn by a random operator (shape and type only).
  perf::OnnxValidation validation;
  validation.atol = 0.001;
  perf::OutputCheck pass{"test_data_set_0", "y", "float", 4, 0, 0.0004, 0.00002, {0.001, 0.001}, "", ""};
  perf::OutputCheck off{"test_data_set_1", "y", "float", 4, 1, 0.25, 0.5, {0.001, 0.001}, "", ""};
  perf::OutputCheck shape{"test_data_set_1",        "ids", "seq(tensor(int64))", 0, 0, 0, 0, {0, 0},
                          "2 elements, expected 3", ""};
  perf::OutputCheck drawn{"test_data_set_1", "noise", "float", 6, 0, 0, 0, {0, 0}, "", "RandomNormal"};
  validation.outputs = {pass, off, shape, drawn};
  result.metrics.validation = validation;
  return result;
}

perf::GenaiPerfReport genai_sweep_fixture() {
  perf::GenaiPerfReport report;
  report.sweep.axes = {{"threads", {std::int64_t{1}, std::int64_t{2}}},
                       {"prompt_tokens", {std::int64_t{16}, std::int64_t{64}}}};
  report.sweep.combinations = 4;
  for (int threads : {1, 2}) {
    for (int prompt : {16, 64}) {
      perf::GenaiPerfConfig c;
      c.bundle = "/models/tiny-llama";
      c.ep = "cpu";
      c.device = "cpu";
      c.iterations = 2;
      c.warmup = 1;
      c.max_new_tokens = 3;
      c.max_new_tokens_effective = 3;
      c.max_length = prompt + 3;
      c.apply_template = false;
      c.prompt = "<" + std::to_string(prompt) + " random token ids>";
      c.context_length = 2048;
      c.run.timestamp = "2026-07-10T14:30:05+00:00";
      c.run.threads = perf::genai_threads_in_effect(threads, {{"decoder", threads}}, fixed_machine());
      // Twice the threads halve the step; four times the prompt takes about four times the prefill.
      const double step = 0.020 / threads, prefill = 0.0005 * prompt / threads;
      perf::GenaiRunSamples run;
      run.warmup = {timing(prefill * 1.5, 0.001, {step, step}, prompt)};
      run.timed = {timing(prefill, 0.001, {step, step * 1.1}, prompt),
                   timing(prefill * 1.1, 0.0012, {step * 0.9, step}, prompt)};
      perf::GenaiRunFacts facts;
      facts.load = {0, 0, 0.080, 0.010, 0.0005};
      perf::GenaiPerfResult r = perf::make_genai_result(c, run, facts, fixed_machine());
      // The first combination was run under --no-bandwidth-probe, the others with the probes.
      attach_roofline(r, threads == 1 && prompt == 16 ? perf::BandwidthProbes{{}, {}, perf::ProbeSkip::off}
                                                      : perf::BandwidthProbes{bandwidth_probe({50.5, 51.25}), {}});
      // The last combination ran on a throttling machine.
      const bool hot = threads == 2 && prompt == 64;
      r.context.clock = {{1, {8, 3400, 3300}, {8, hot ? 2900.0 : 3395.0, 2800}}};
      // Twice the threads changed the arithmetic: the 16-token prompt's ids stay, the 64-token
      // prompt's part at the third token.
      const bool parts = threads == 2 && prompt == 64;
      const float shift = threads == 2 ? 0.0625F : 0;
      r.output = fixture_output(
          prompt == 16 ? std::vector<std::int32_t>{9, 8, 7} : std::vector<std::int32_t>{11, 12, parts ? 14 : 13},
          {{prompt == 16 ? 9 : 11, 4.5F + shift}, {3, 4.25F}, {20, 2.0F - shift}}, perf::ReferenceGeneration::warmup);
      report.results.push_back(std::move(r));
    }
  }
  std::vector<std::optional<perf::GreedyOutput>> outputs;
  std::vector<int> prompts;
  for (const perf::GenaiPerfResult& r : report.results) {
    outputs.push_back(r.output);
    prompts.push_back(r.metrics.prompt_tokens);
  }
  const auto agreements = perf::sweep_agreement(outputs, prompts);
  for (std::size_t i = 0; i < agreements.size(); ++i) report.results[i].agreement = agreements[i];
  return report;
}

perf::OnnxPerfReport onnx_sweep_fixture() {
  perf::OnnxPerfReport report;
  report.sweep.axes = {{"ep", {std::string("cpu"), std::string("test")}},
                       {"batch_size", {std::int64_t{1}, std::int64_t{8}}}};
  report.sweep.combinations = 4;
  for (const char* ep : {"cpu", "test"}) {
    for (int batch : {1, 8}) {
      perf::OnnxPerfResult r = onnx_fixture();
      r.config.ep = ep;
      r.config.batch_size = batch;
      perf::LatencyRun run;
      const double base = 0.001 * batch * (std::string(ep) == "cpu" ? 1.0 : 0.5);
      run.first_run_s = base * 4;
      run.warmup_s = {base};
      run.timed_s = {base, base * 1.02, base * 0.98};
      run.timed_wall_s = base * 3.1;
      perf::OnnxPerfResult result = perf::make_onnx_result(r.config, run, r.facts, fixed_machine());
      result.context.clock = {{1, {}, {}}};
      report.results.push_back(std::move(result));
    }
  }
  return report;
}

}  // namespace winml::testing
