#include "winml/genai_session.h"

#include <algorithm>
#include <chrono>
#include <set>

#include "engine/engine_loader.h"
#include "session/artifact_compatibility.h"
#include "session/bundle_check.h"
#include "session/chat_template.h"
#include "session/ep_availability.h"
#include "session/load_folder.h"
#include "session/placement.h"
#include "session/placement_probe.h"
#include "session/prompt_tokens.h"
#include "session/timed_generation.h"
#include "session/token_budget.h"

namespace winml {

Clock steady_clock_seconds() {
  return [] { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); };
}

struct GenaiSession::Impl {
  std::string bundle_dir;
  GenaiSessionOptions options;
  session::BundleFacts facts;
  session::ChatTemplate chat_template;
  session::LoadFolder prepared;
  std::unique_ptr<engine::GenaiModel> model;
  std::vector<std::int32_t> eos_ids;
  LoadBreakdown breakdown;
  bool prepared_once = false;
  bool facts_read = false;

  void read_facts() {
    if (facts_read) return;
    facts = session::check_bundle(bundle_dir, options.allow_custom_ops);
    chat_template = session::find_chat_template(facts.tokenizer_dir);
    facts_read = true;
    if (options.tokenizer == TokenizerUse::required) require_tokenizer();
  }

  bool use_tokenizer() {
    read_facts();
    return options.tokenizer != TokenizerUse::none && facts.tokenizer_usable();
  }

  // Before anything that needs text: why there is no tokenizer, before the model loads (a
  // misfitting one would otherwise fail only as a kernel's index error mid-run).
  void require_tokenizer() {
    read_facts();
    if (!facts.tokenizer_usable()) throw UsageError(facts.tokenizer_problem + ".");
    if (options.tokenizer == TokenizerUse::none) {
      throw UsageError(
          "this session runs without a tokenizer (--no-tokenizer), and text needs one: give token ids "
          "(--prompt-tokens) or drop --no-tokenizer");
    }
  }

  // A generation through GenAI's generator, which a paged-KV bundle cannot take (ONNX Runtime
  // would say only "Invalid rank for input").
  void require_generator() {
    read_facts();
    if (!facts.generator_problem.empty()) throw UsageError(facts.generator_problem);
  }

  engine::GenaiModel& loaded() {
    if (!model) load();
    return *model;
  }

  const LoadBreakdown& load() {
    if (model) return breakdown;
    LoadBreakdown parts;
    const double start = options.clock();
    if (!prepared_once) prepare(parts);
    engine::Engine& engine = the_engine();
    double step = options.clock();
    model = load_model(engine);
    parts.model_s = options.clock() - step;
    step = options.clock();
    if (use_tokenizer()) {
      model->load_tokenizer();
      parts.tokenizer_s = options.clock() - step;
      eos_ids = model->eos_token_ids();
    } else {
      // GenAI's tokenizer reads its EOS ids from the same config entry.
      eos_ids.assign(facts.config.eos_token_ids.begin(), facts.config.eos_token_ids.end());
    }
    // Whatever no step claims (loading the engine libraries, EOS ids) is reported as such, so the
    // parts add up.
    const double claimed = parts.prepare_s + parts.compile_s + parts.model_s + parts.tokenizer_s;
    parts.other_s = std::max(0.0, options.clock() - start - claimed);
    breakdown = parts;
    return breakdown;
  }

  // GenAI's load; with no_cpu_fallback, ONNX Runtime's refusal (it names neither stage nor node)
  // becomes one message from probes that let the nodes fall back.
  std::unique_ptr<engine::GenaiModel> load_model(engine::Engine& engine) {
    try {
      return engine.load_genai_model(prepared.load_dir.string());
    } catch (const Error&) {
      if (!options.no_cpu_fallback) throw;
      std::vector<StagePlacement> refused;
      for (auto& stage : session::probe_bundle_placement(engine, prepared.load_dir, options.clock)) {
        if (stage.accelerated() && !stage.cpu_fallback.empty()) refused.push_back(std::move(stage));
      }
      if (refused.empty()) throw;
      throw GenaiLoadError(session::cpu_fallback_refusal(refused));
    }
  }

  // Bundle check, EP override / threads patch, derived bundle and compilation: once per session,
  // so a reload after unload() reuses the folder, as an application's restart would.
  void prepare(LoadBreakdown& parts) {
    const double start = options.clock();
    read_facts();
    const double checked = options.clock();
    // The first use loads the engine libraries: that is "other", not preparation.
    engine::Engine& engine = the_engine();
    const double engine_ready = options.clock();
    ep::EngineEpDiscovery discovery(engine);
    session::require_ep_available(options.ep, discovery);
    session::LoadTarget target;
    if (!options.profile_dir.empty()) target.out_dir = std::filesystem::path(options.profile_dir) / ".bundle";
    prepared = session::prepare_load_folder(facts.config, load_request(engine), target);
    prepared_once = true;
    if (!facts.tokenizer_misfit.empty() && options.tokenizer == TokenizerUse::automatic) {
      prepared.warnings.push_back(facts.tokenizer_misfit +
                                  ". This run goes on without it, on token ids below the vocabulary size, and counts "
                                  "its output without detokenizing it; to use a tokenizer, put the one the model was "
                                  "exported with into the bundle");
    }
    // Wall time: stages that compiled side by side count once, not once each.
    if (prepared.compile) parts.compile_s = prepared.compile->wall_s;
    // Compile times come from the compiler's own clock: never let them push preparation below 0.
    const double spent = (checked - start) + (options.clock() - engine_ready);
    parts.prepare_s = std::max(0.0, spent - parts.compile_s);
  }

  engine::Engine& the_engine() const { return options.engine ? options.engine() : engine::get(); }

  // Only the options that decide which folder GenAI loads.
  session::LoadRequest load_request(engine::Engine& engine) const {
    session::LoadRequest request;
    request.ep = options.ep;
    request.intra_op_threads = options.intra_op_threads;
    request.compile = options.compile;
    request.compile_timeout_s = options.compile_timeout_s;
    request.compile_jobs = options.compile_jobs;
    request.no_cpu_fallback = options.no_cpu_fallback;
    if (options.compile) request.compiler_id = session::engine_compiler_id(engine);
    request.check = session::engine_compatibility_check(engine);
    request.profile_dir = options.profile_dir;
    return request;
  }

  // max_length bounds the KV cache: only what this generation needs (or what the caller chose),
  // never past the context.
  engine::SearchSettings search_settings(std::size_t depth, std::size_t prompt_tokens, const GenerationConfig& config,
                                         int& new_tokens) {
    const session::KvBudget kv = session::kv_budget(static_cast<int>(depth), prompt_tokens, config.max_new_tokens,
                                                    config.max_length, static_cast<int>(facts.config.context_length));
    new_tokens = kv.tokens.effective;
    engine::SearchSettings settings;
    settings.max_length = kv.max_length;
    // EOS cannot end the run before the new tokens are generated (a larger max_length is room only).
    settings.min_length = config.stop_at_eos ? 0 : kv.used();
    settings.do_sample = config.do_sample;
    settings.temperature = config.temperature;
    settings.top_p = config.top_p;
    settings.top_k = config.top_k;
    settings.repetition_penalty = config.repetition_penalty;
    settings.seed = config.seed;
    return settings;
  }

  bool is_eos(std::int32_t id) const { return std::find(eos_ids.begin(), eos_ids.end(), id) != eos_ids.end(); }

  GenerationTiming timed(const std::vector<std::int32_t>& depth_ids, const std::vector<std::int32_t>& ids,
                         const GenerationConfig& config, const session::TokenSink& on_token) {
    require_generator();
    auto& model_ref = loaded();
    int new_tokens = 0;
    auto settings = search_settings(depth_ids.size(), ids.size(), config, new_tokens);
    auto generator = model_ref.create_generator(settings);
    GenerationTiming timing = session::run_timed_generation(*generator, {depth_ids, ids, config.top_logits}, new_tokens,
                                                            options.clock, on_token);
    timing.max_length = settings.max_length;
    if (use_tokenizer()) timing.text = text_of(timing.token_ids);
    return timing;
  }

  // Text through GenAI's incremental detokeniser, EOS left out. The one-shot Decode gives up at
  // the first invalid UTF-8 sequence (frequent with byte-level BPE mid-character), while the stream
  // carries on; using the stream everywhere makes generate() and generate_streaming() agree.
  std::string text_of(const std::vector<std::int32_t>& ids) {
    auto stream = loaded().create_token_stream();
    std::string text;
    for (auto id : ids) {
      if (!is_eos(id)) text += stream->decode(id);
    }
    return text;
  }
};

GenaiSession::GenaiSession(std::string bundle_dir, GenaiSessionOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->bundle_dir = std::move(bundle_dir);
  impl_->options = std::move(options);
  if (!impl_->options.clock) impl_->options.clock = steady_clock_seconds();
}

GenaiSession::~GenaiSession() = default;
GenaiSession::GenaiSession(GenaiSession&&) noexcept = default;
GenaiSession& GenaiSession::operator=(GenaiSession&&) noexcept = default;

const LoadBreakdown& GenaiSession::load() { return impl_->load(); }
void GenaiSession::unload() { impl_->model.reset(); }
engine::GenaiModel& GenaiSession::loaded_model() { return impl_->loaded(); }
bool GenaiSession::is_loaded() const { return impl_->model != nullptr; }
double GenaiSession::load_seconds() const { return impl_->breakdown.total_s(); }
const LoadBreakdown& GenaiSession::load_breakdown() const { return impl_->breakdown; }

std::string GenaiSession::generate(std::string_view prompt, const GenerationConfig& config) {
  return impl_->timed({}, encode(prompt), config, {}).text;
}

GenerationTiming GenaiSession::generate_streaming(std::string_view prompt, const GenerationConfig& config,
                                                  const std::function<void(std::string_view)>& on_piece) {
  impl_->require_tokenizer();
  impl_->require_generator();
  auto stream = impl_->loaded().create_token_stream();
  return impl_->timed({}, encode(prompt), config, [&](std::int32_t id) {
    if (impl_->is_eos(id)) return;
    std::string piece = stream->decode(id);
    if (!piece.empty()) on_piece(piece);
  });
}

GenerationTiming GenaiSession::generate_timed(std::string_view prompt, const GenerationConfig& config) {
  return impl_->timed({}, encode(prompt), config, {});
}

GenerationTiming GenaiSession::generate_timed(const std::vector<std::int32_t>& prompt_ids,
                                              const GenerationConfig& config) {
  return impl_->timed({}, prompt_ids, config, {});
}

GenerationTiming GenaiSession::generate_timed_at_depth(const std::vector<std::int32_t>& depth_ids,
                                                       const std::vector<std::int32_t>& prompt_ids,
                                                       const GenerationConfig& config) {
  return impl_->timed(depth_ids, prompt_ids, config, {});
}

std::string GenaiSession::apply_chat_template(std::string_view prompt) {
  impl_->read_facts();
  if (impl_->chat_template.source == session::TemplateSource::none) return std::string(prompt);
  impl_->require_tokenizer();
  return impl_->loaded().apply_chat_template(impl_->chat_template.explicit_text, session::user_message_json(prompt));
}

bool GenaiSession::has_chat_template() const {
  impl_->read_facts();
  return impl_->chat_template.source != session::TemplateSource::none;
}

std::vector<std::int32_t> GenaiSession::encode(std::string_view text) {
  impl_->require_tokenizer();
  return impl_->loaded().encode(std::string(text));
}
std::string GenaiSession::decode(const std::vector<std::int32_t>& ids) {
  impl_->require_tokenizer();
  return impl_->loaded().decode(ids);
}

std::string GenaiSession::effective_ep() const { return impl_->prepared.effective_ep; }
int GenaiSession::context_length() const {
  impl_->read_facts();
  return static_cast<int>(impl_->facts.config.context_length);
}
int GenaiSession::vocab_size() const {
  impl_->read_facts();
  return static_cast<int>(impl_->facts.config.vocab_size);
}
void GenaiSession::check() const { impl_->read_facts(); }
void GenaiSession::check_generator() const { impl_->require_generator(); }
bool GenaiSession::uses_tokenizer() const { return impl_->use_tokenizer(); }
std::vector<std::int32_t> GenaiSession::special_token_ids() {
  impl_->loaded();
  // tokenizer.json's special tokens even when the tokenizer is not loaded: a prompt of ids avoids
  // them either way, so that runs with and without it draw the same prompt.
  std::set<std::int32_t> ids = impl_->facts.tokenizer.special;
  ids.insert(impl_->eos_ids.begin(), impl_->eos_ids.end());
  const auto from_config = session::config_special_ids(impl_->facts.config.json);
  ids.insert(from_config.begin(), from_config.end());
  return {ids.begin(), ids.end()};
}

const std::string& GenaiSession::bundle_dir() const { return impl_->bundle_dir; }
std::string GenaiSession::load_dir() const {
  return impl_->prepared.load_dir.empty() ? impl_->bundle_dir : impl_->prepared.load_dir.string();
}
const std::vector<StagePreparation>& GenaiSession::preparation() const { return impl_->prepared.stages; }
const std::optional<CompileTiming>& GenaiSession::compile_timing() const { return impl_->prepared.compile; }
const std::vector<StageThreads>& GenaiSession::stage_threads() const { return impl_->prepared.threads; }
std::vector<StagePlacement> GenaiSession::probe_placement() {
  if (!impl_->prepared_once) {
    LoadBreakdown ignored;
    impl_->prepare(ignored);
  }
  return session::probe_bundle_placement(impl_->the_engine(), impl_->prepared.load_dir, impl_->options.clock);
}
const std::vector<std::string>& GenaiSession::warnings() const { return impl_->prepared.warnings; }

}  // namespace winml
