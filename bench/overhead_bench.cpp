// Measurement overhead of winml against bare engine loops, side by side in one process.
//
//   overhead_bench [--bundle DIR] [--rounds N] [--tokens N] [--prompt-tokens N] [--runs N] [--load-ours-first 0|1]
//
// GenAI: alternating rounds of (a) a bare loop — AppendTokens, then GenerateNextToken N times,
// nothing else, timed with steady_clock around the calls — and (b) GenaiSession::generate_timed
// on the same bundle and prompt ids. ONNX: alternating rounds of a bare Ort::Session::Run loop and
// winml's latency runner over the engine plugin's session, on the bundle's lm_head.onnx.
// Prints ours/bare ratios of medians over rounds. Without --bundle it synthesises the
// benchmark-scale pipeline bundle (about 2 GB) into a temporary folder first.

#include <onnxruntime_cxx_api.h>
#include <ort_genai.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "engine/engine_loader.h"
#include "generated_inputs/input_shapes.h"
#include "generated_inputs/random_inputs.h"
#include "perf/latency_runner.h"
#include "perf/progress.h"
#include "synth/bundle_writer.h"
#include "synth/synth_options.h"
#include "winml/engine_scope.h"
#include "winml/genai_session.h"

namespace {

namespace fs = std::filesystem;
using Seconds = std::chrono::duration<double>;

double now() { return Seconds(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// ONNX Runtime's intra-op threads spin for a while after each run; on a small machine the side
// that runs second would pay for the first side's spinning. A pause lets them park.
void settle() { std::this_thread::sleep_for(std::chrono::milliseconds(300)); }

// One round: both sides back to back. Who goes first alternates, so drift (thermal, page cache)
// hits both alike.
template <class Bare, class Ours>
void run_round(int round, Bare& run_bare, Ours& run_ours) {
  if (round % 2 == 0) {
    run_bare();
    settle();
    run_ours();
  } else {
    run_ours();
    settle();
    run_bare();
  }
  settle();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Per-round ratios ours/bare: both sides of a round run back to back, so slow drift of a shared
// machine cancels out of each ratio; the median of those is the headline figure.
std::vector<double> paired_ratios(const std::vector<double>& ours, const std::vector<double>& bare) {
  std::vector<double> ratios;
  for (std::size_t i = 0; i < ours.size(); ++i) ratios.push_back(ours[i] / bare[i]);
  return ratios;
}

void print_ratio(const char* what, const std::vector<double>& ours, const std::vector<double>& bare, double scale,
                 const char* target) {
  auto ratios = paired_ratios(ours, bare);
  auto [lo, hi] = std::minmax_element(ratios.begin(), ratios.end());
  std::printf("%-24s bare %10.2f  ours %10.2f  paired ratio median %.4f [min %.4f, max %.4f]  (%s)\n", what,
              median(bare) * scale, median(ours) * scale, median(ratios), *lo, *hi, target);
}

struct LoopNumbers {
  double ttft_s;
  double decode_tokens_per_s;
};

LoopNumbers bare_genai_loop(OgaModel& model, const std::vector<std::int32_t>& ids, int tokens) {
  auto params = OgaGeneratorParams::Create(model);
  double length = static_cast<double>(ids.size() + static_cast<std::size_t>(tokens));
  params->SetSearchOption("max_length", length);
  params->SetSearchOption("min_length", length);
  auto generator = OgaGenerator::Create(model, *params);
  double start = now();
  generator->AppendTokens(ids.data(), ids.size());
  generator->GenerateNextToken();
  double first = now();
  for (int i = 1; i < tokens; ++i) generator->GenerateNextToken();
  double end = now();
  return {first - start, (tokens - 1) / (end - first)};
}

struct Args {
  std::string bundle;
  int rounds = 5;
  int tokens = 32;
  int prompt_tokens = 64;
  int runs = 50;
  bool load_ours_first = false;
};

Args parse(int argc, char** argv) {
  Args args;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    std::string value = argv[i + 1];
    if (flag == "--bundle")
      args.bundle = value;
    else if (flag == "--rounds")
      args.rounds = std::stoi(value);
    else if (flag == "--tokens")
      args.tokens = std::stoi(value);
    else if (flag == "--prompt-tokens")
      args.prompt_tokens = std::stoi(value);
    else if (flag == "--runs")
      args.runs = std::stoi(value);
    else if (flag == "--load-ours-first")
      args.load_ours_first = value == "1";
    else {
      std::fprintf(stderr, "unknown flag %s\n", flag.c_str());
      std::exit(2);
    }
  }
  return args;
}

void genai_overhead(const Args& args) {
  std::vector<std::int32_t> ids;
  for (int i = 0; i < args.prompt_tokens; ++i) ids.push_back(300 + (i * 7) % 200);
  // Which copy of the weights is allocated first can matter (page placement, huge pages), so the
  // load order is a flag: run both orders before trusting a ratio.
  winml::GenaiSession session(args.bundle);
  if (args.load_ours_first) session.load();
  auto bare_model = OgaModel::Create(args.bundle.c_str());
  session.load();
  winml::GenerationConfig config;
  config.max_new_tokens = args.tokens;
  config.stop_at_eos = false;
  // One untimed generation each: first-touch of the weights must not land in round 1 of one side.
  bare_genai_loop(*bare_model, ids, args.tokens);
  session.generate_timed(ids, config);

  std::vector<double> bare_ttft, ours_ttft, bare_tps, ours_tps;
  for (int round = 0; round < args.rounds; ++round) {
    auto run_ours = [&] {
      auto timing = session.generate_timed(ids, config);
      ours_ttft.push_back(timing.ttft_s());
      ours_tps.push_back(timing.decode_tokens_per_s());
    };
    auto run_bare = [&] {
      auto numbers = bare_genai_loop(*bare_model, ids, args.tokens);
      bare_ttft.push_back(numbers.ttft_s);
      bare_tps.push_back(numbers.decode_tokens_per_s);
    };
    run_round(round, run_bare, run_ours);
    std::fprintf(stderr, "genai round %d/%d\n", round + 1, args.rounds);
  }
  print_ratio("genai decode tokens/s", ours_tps, bare_tps, 1, "target >= 0.99");
  print_ratio("genai TTFT ms", ours_ttft, bare_ttft, 1e3, "target 0.98 .. 1.02");
}

void run_loop_overhead(const Args& args, const fs::path& model_path) {
  // Bare: Ort::Session::Run in a loop, timed around each call.
  Ort::Env env(ORT_LOGGING_LEVEL_ERROR, "bare");
  Ort::Session bare(env, model_path.c_str(), Ort::SessionOptions());
  auto& engine = winml::engine::get();
  winml::engine::SessionSpec spec;
  spec.model_path = model_path.string();
  auto ours = engine.create_onnx_session(spec);
  auto inputs = ours->inputs();
  winml::generated_inputs::ShapeOverrides overrides;
  std::vector<winml::engine::HostTensor> tensors;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    auto shape = winml::generated_inputs::resolve_shape(inputs[i], 1, overrides);
    if (shape.size() == 3) shape[1] = 1;  // one token: a decode-step-sized lm_head call
    tensors.push_back(winml::generated_inputs::random_tensor(inputs[i], shape, i + 1));
  }
  std::vector<winml::engine::HostValue> values_of_set;
  for (const auto& tensor : tensors)
    values_of_set.push_back({tensor.name, winml::engine::ValueKind::tensor, tensor, {}});
  ours->bind_inputs({values_of_set}, false);
  auto memory = Ort::MemoryInfo::CreateCpu(OrtArenaAllocator, OrtMemTypeDefault);
  std::vector<Ort::Value> values;
  std::vector<const char*> input_names;
  for (auto& tensor : tensors) {
    values.push_back(Ort::Value::CreateTensor(memory, tensor.data.data(), tensor.data.size(), tensor.shape.data(),
                                              tensor.shape.size(), ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT));
    input_names.push_back(tensor.name.c_str());
  }
  std::vector<std::string> output_storage;
  std::vector<const char*> output_names;
  Ort::AllocatorWithDefaultOptions allocator;
  for (std::size_t i = 0; i < bare.GetOutputCount(); ++i) {
    output_storage.push_back(bare.GetOutputNameAllocated(i, allocator).get());
  }
  for (auto& name : output_storage) output_names.push_back(name.c_str());

  winml::perf::LoopSettings loop;
  loop.iterations = static_cast<std::size_t>(args.runs);
  loop.warmup = 2;
  winml::perf::NullProgress quiet;
  std::vector<double> bare_rates, ours_rates;
  for (int round = 0; round < args.rounds; ++round) {
    auto run_bare = [&] {
      std::vector<double> samples;
      for (int i = 0; i < args.runs + 3; ++i) {
        double start = now();
        bare.Run(Ort::RunOptions{nullptr}, input_names.data(), values.data(), values.size(), output_names.data(),
                 output_names.size());
        if (i >= 3) samples.push_back(now() - start);
      }
      double total = 0;
      for (double s : samples) total += s;
      bare_rates.push_back(static_cast<double>(samples.size()) / total);
    };
    auto run_ours = [&] {
      auto run = winml::perf::run_latency_benchmark([&] { ours->run(0); }, loop, now, quiet);
      double total = 0;
      for (double s : run.timed_s) total += s;
      ours_rates.push_back(static_cast<double>(run.timed_s.size()) / total);
    };
    run_round(round, run_bare, run_ours);
    std::fprintf(stderr, "run-loop round %d/%d\n", round + 1, args.rounds);
  }
  print_ratio("onnx runs/s", ours_rates, bare_rates, 1, "target >= 0.99");
}

}  // namespace

int main(int argc, char** argv) {
  Args args = parse(argc, argv);
  winml::EngineScope engines;
  OgaHandle genai;  // GenAI's teardown for the bare side
  fs::path scratch;
  if (args.bundle.empty()) {
    scratch = fs::temp_directory_path() / "winml-overhead-bench";
    auto options = winml::synth::bench_preset();
    options.pipeline = true;
    std::fprintf(stderr, "synthesising the benchmark bundle into %s ...\n", scratch.c_str());
    winml::synth::write_bundle(options, scratch, /*overwrite=*/true);
    args.bundle = scratch.string();
  }
  std::printf("bundle %s, %d rounds, %d prompt tokens, %d new tokens, %d runs per round\n", args.bundle.c_str(),
              args.rounds, args.prompt_tokens, args.tokens, args.runs);
  genai_overhead(args);
  run_loop_overhead(args, fs::path(args.bundle) / "lm_head.onnx");
  if (!scratch.empty()) fs::remove_all(scratch);
  return 0;
}
