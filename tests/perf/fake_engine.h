#pragma once
/// \file
/// A fake engine behind the engine seam (engine/engine.h) for benchmark tests: every model call
/// advances a shared fake clock by a scripted cost and is logged, so tests can assert what was
/// timed, how often the model ran and in which order things happened.

#include <algorithm>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "perf/benchmark_setup.h"
#include "winml/errors.h"

namespace winml::perf::testing {

/// The fake world: the clock every fake call advances, and the log of calls in order.
struct FakeWorld {
  double now = 0;                     ///< fake monotonic seconds
  std::vector<std::string> events;    ///< "load_genai", "create_session", "run", "memory", ...
  std::vector<std::size_t> run_sets;  ///< the data set of every ONNX run, in order
  bool outputs_kept = false;          ///< the last bind_inputs asked to keep first outputs
  /// CPU clock readings handed out in order, one per read_cpu_clock; unknown once they run out.
  std::vector<platform::CpuClockReading> cpu_clocks;
  std::size_t cpu_clock_reads = 0;              ///< read_cpu_clock calls so far
  std::vector<engine::AssignedNode> placement;  ///< what every ONNX session's placement() returns
};

/// Scripted costs of one generation: prefill, then each GenerateNextToken.
struct GenerationCost {
  double prefill_s = 0;
  double step_s = 0;
};

/// Generator that charges its generation's cost to the fake clock.
class FakeGenerator final : public engine::Generator {
 public:
  FakeGenerator(FakeWorld& world, GenerationCost cost, int max_length)
      : world_(world), cost_(cost), max_length_(max_length) {}
  void append_tokens(const std::int32_t*, std::size_t count) override {
    length_ += static_cast<int>(count);
    world_.now += cost_.prefill_s;
  }
  void generate_next_token() override {
    ++length_;
    world_.now += cost_.step_s;
  }
  std::int32_t last_token() override { return 7; }
  bool is_done() override { return length_ >= max_length_; }
  // Token 7 leads; reading the logits costs nothing on the fake clock.
  std::vector<float> last_logits() override { return {0.5F, 1.0F, 0.25F, 0, 0, 0, 0, 2.0F}; }

 private:
  FakeWorld& world_;
  GenerationCost cost_;
  int max_length_;
  int length_ = 0;
};

/// Detokeniser returning one letter per token.
class FakeTokenStream final : public engine::TokenStream {
 public:
  std::string decode(std::int32_t) override { return "a"; }
};

/// A GenAI model whose n-th generation costs costs[n] (the last entry repeats).
class FakeGenaiModel final : public engine::GenaiModel {
 public:
  FakeGenaiModel(FakeWorld& world, std::vector<GenerationCost> costs, double tokenizer_cost_s)
      : world_(world), costs_(std::move(costs)), tokenizer_cost_s_(tokenizer_cost_s) {}
  void load_tokenizer() override {
    if (tokenizer_loaded_) return;
    world_.events.push_back("load_tokenizer");
    world_.now += tokenizer_cost_s_;
    tokenizer_loaded_ = true;
  }
  std::vector<std::int32_t> encode(const std::string& text) override {
    return std::vector<std::int32_t>(text.size(), 5);  // one token per character
  }
  std::string decode(const std::vector<std::int32_t>& ids) override { return std::string(ids.size(), 'a'); }
  std::string apply_chat_template(const std::string&, const std::string& messages) override { return messages; }
  std::unique_ptr<engine::TokenStream> create_token_stream() override { return std::make_unique<FakeTokenStream>(); }
  std::unique_ptr<engine::Generator> create_generator(const engine::SearchSettings& settings) override {
    world_.events.push_back("generate");
    GenerationCost cost = costs_.empty() ? GenerationCost{} : costs_[std::min(generated_, costs_.size() - 1)];
    ++generated_;
    return std::make_unique<FakeGenerator>(world_, cost, settings.max_length);
  }
  std::vector<std::int32_t> eos_token_ids() override { return {2}; }
  std::string device_type() override { return "CPU"; }
  // The perf tests that use this fake run one request at a time.
  std::unique_ptr<engine::ServingEngine> create_serving_engine() override {
    throw UsageError("the fake GenAI model has no serving engine");
  }

 private:
  FakeWorld& world_;
  std::vector<GenerationCost> costs_;
  double tokenizer_cost_s_ = 0;
  bool tokenizer_loaded_ = false;
  std::size_t generated_ = 0;
};

/// An ONNX session whose n-th run costs run_costs[n] (the last entry repeats); run number
/// fail_at (1-based, 0 = never) throws SessionError.
class FakeOnnxSession final : public engine::OnnxSession {
 public:
  FakeOnnxSession(FakeWorld& world, std::vector<engine::TensorInfo> inputs, std::vector<double> run_costs,
                  std::size_t fail_at)
      : world_(world), inputs_(std::move(inputs)), costs_(std::move(run_costs)), fail_at_(fail_at) {}
  std::vector<engine::TensorInfo> inputs() override { return inputs_; }
  /// The fake computes the identity: one output per input, of its type.
  std::vector<engine::TensorInfo> outputs() override { return inputs_; }
  void bind_inputs(const std::vector<std::vector<engine::HostValue>>& sets, bool keep_first_outputs) override {
    world_.events.push_back("bind");
    bound = sets;
    world_.outputs_kept = keep_first_outputs;
  }
  void run(std::size_t set) override {
    ++runs_;
    world_.events.push_back("run");
    world_.run_sets.push_back(set);
    if (runs_ == fail_at_) throw SessionError("fake run failed");
    world_.now += costs_.empty() ? 0 : costs_[std::min(runs_ - 1, costs_.size() - 1)];
  }
  /// As run(), recorded apart; writes no profile (the fake has no nodes to profile).
  void run_profiled(std::size_t set, const std::string& file_prefix) override {
    world_.events.push_back("run_profiled " + file_prefix);
    world_.run_sets.push_back(set);
  }
  /// The bound set's inputs, as the outputs (the fake computes the identity).
  std::vector<engine::HostValue> first_outputs(std::size_t set) override { return bound.at(set); }
  std::vector<engine::AssignedNode> placement() override { return world_.placement; }
  std::vector<std::vector<engine::HostValue>> bound;  ///< what bind_inputs received

 private:
  FakeWorld& world_;
  std::vector<engine::TensorInfo> inputs_;
  std::vector<double> costs_;
  std::size_t fail_at_;
  std::size_t runs_ = 0;
};

/// The fake engine. Scripts: GenAI generation costs, ONNX inputs and run costs, failures.
class FakeEngine final : public engine::Engine {
 public:
  explicit FakeEngine(FakeWorld& world) : world_(world) {}
  engine::Versions versions() override { return {"ort-fake", "genai-fake"}; }
  std::vector<std::string> available_providers() override { return {"CPUExecutionProvider"}; }
  std::vector<engine::EpDevice> ep_devices() override { return {{"CPUExecutionProvider", "cpu", "fake"}}; }
  void register_ep_library(const std::string&, const std::string&) override {}
  void set_telemetry_enabled(bool) override {}
  void set_log_sink(engine::LogSeverity, engine::LogSink) override {}
  std::unique_ptr<engine::GenaiModel> load_genai_model(const std::string& bundle_dir) override {
    world_.events.push_back("load_genai");
    loaded_from = bundle_dir;
    world_.now += load_cost_s;
    if (load_error) throw GenaiLoadError(*load_error);
    return std::make_unique<FakeGenaiModel>(world_, generation_costs, tokenizer_cost_s);
  }
  std::unique_ptr<engine::OnnxSession> create_onnx_session(const engine::SessionSpec& spec) override {
    world_.events.push_back("create_session");
    specs.push_back(spec);
    world_.now += load_cost_s;
    return std::make_unique<FakeOnnxSession>(world_, onnx_inputs, run_costs, fail_run_at);
  }
  void compile_model(const engine::CompileRequest&) override { throw CompileError("the fake engine compiles nothing"); }
  engine::ModelCompatibility compiled_model_compatibility(const std::string&, const engine::ProviderSpec&) override {
    return engine::ModelCompatibility::not_applicable;
  }
  std::vector<engine::DeviceIncompatibility> device_incompatibilities() override { return {}; }
  void shutdown() override {}

  double load_cost_s = 0;                        ///< charged by load_genai_model / create_onnx_session
  double tokenizer_cost_s = 0;                   ///< charged by GenaiModel::load_tokenizer
  std::optional<std::string> load_error;         ///< load_genai_model throws GenaiLoadError with this
  std::vector<GenerationCost> generation_costs;  ///< per generation, in order
  std::vector<engine::TensorInfo> onnx_inputs;   ///< the ONNX session's inputs
  std::vector<double> run_costs;                 ///< per run, in order
  std::size_t fail_run_at = 0;                   ///< 1-based run that throws; 0 = none
  std::string loaded_from;                       ///< folder load_genai_model was given
  std::vector<engine::SessionSpec> specs;        ///< every SessionSpec received

 private:
  FakeWorld& world_;
};

/// Services that read everything from the fake world: the fake engine, the fake clock, a fixed
/// start time, machine facts naming a fake CPU with 4 logical cores on 2 physical ones, and memory readings 1, 2, 3...
/// MiB (rss; peak is rss + 1 MiB), each read logged as "memory"; a bandwidth probe that logs
/// "bandwidth probe" and reads 20 GB/s at best; a 1 MiB last-level cache (smaller than a step, so
/// the probes run); a peak reset that logs "reset peak"; CPU clock readings
/// from world.cpu_clocks (not logged, so that event orders stay as they were); and a bundle shape of one
/// token-generation stage whose single 4 MB float weight feeds a MatMul (layers 2, 4 heads, 2 kv heads, head size 8).
inline BenchmarkServices fake_services(FakeWorld& world, FakeEngine& engine) {
  BenchmarkServices services;
  services.engine = [&engine]() -> engine::Engine& { return engine; };
  services.clock = [&world] { return world.now; };
  services.now = [] { return std::chrono::system_clock::time_point(std::chrono::hours(24 * 365 * 56)); };
  services.stop = {};  // never the process's Ctrl-C flag
  services.read_random_outputs = [](const std::filesystem::path&) { return RandomOutputs{}; };  // no file to read
  services.machine_info = [] {
    MachineInfo machine;
    machine.cpu_model = "fake cpu";
    machine.logical_cores = 4;
    machine.physical_cores = 2;
    machine.memory_total_bytes = std::uint64_t{1} << 30;
    machine.onnxruntime_version = "pinned";
    return machine;
  };
  services.read_memory = [&world] {
    world.events.push_back("memory");
    auto reads = static_cast<std::uint64_t>(std::count(world.events.begin(), world.events.end(), "memory"));
    return platform::ProcessMemory{reads << 20, (reads + 1) << 20};
  };
  services.measure_bandwidth = [&world](const BandwidthOptions&) {
    world.events.push_back("bandwidth probe");
    BandwidthResult probe;
    probe.read = summarize_bandwidth({18, 20, 19});
    probe.triad = summarize_bandwidth({15, 16, 17});
    return probe;
  };
  services.read_cpu_clock = [&world] {
    const std::size_t read = world.cpu_clock_reads++;
    return read < world.cpu_clocks.size() ? world.cpu_clocks[read] : platform::CpuClockReading{};
  };
  services.read_memory_hierarchy = [] { return platform::MemoryHierarchy{std::uint64_t{1} << 20, 0}; };
  services.reset_peak_memory = [&world] {
    world.events.push_back("reset peak");
    return true;
  };
  services.read_bundle_model = [](const std::filesystem::path&) {
    roofline::BundleModel model;
    model.attention = {2, 4, 2, 8, 1};
    roofline::StageGraph stage;
    stage.stage = "decoder";
    stage.facts.initializers = {{"w", 1, {1000, 1000}}};
    stage.facts.nodes = {{"MatMul", "", {"x", "w"}, {}, {"y"}, false}};
    model.stages.push_back(stage);
    return model;
  };
  return services;
}

}  // namespace winml::perf::testing
