#pragma once
/// \file
/// GenaiSession: one ONNX Runtime GenAI bundle loaded with a chosen EP, ready to generate.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "winml/ep_choice.h"
#include "winml/errors.h"
#include "winml/generation.h"
#include "winml/placement.h"
#include "winml/stage_threads.h"

namespace winml {

namespace engine {
class Engine;
class GenaiModel;
}  // namespace engine

class ServingSession;
namespace session {
struct ModelAccess;
}  // namespace session

/// A monotonic clock returning seconds; injectable so timing arithmetic can be tested.
using Clock = std::function<double()>;

/// The default clock: std::chrono::steady_clock in seconds.
Clock steady_clock_seconds();

/// Whether a session loads the bundle's tokenizer (docs/metrics.md, "Prompts without a tokenizer").
enum class TokenizerUse {
  /// Load it when the bundle has one that fits the model; otherwise run on token ids alone (the
  /// calls that need text throw GenaiLoadError saying why there is none).
  automatic,
  /// Refuse on the first use, before the model loads, a bundle whose tokenizer is missing or does
  /// not fit the model (GenaiLoadError naming the file): for callers whose prompts are text.
  required,
  /// Never load it: prompts are token ids, output is counted, not detokenized.
  none,
};

/// How to open a bundle.
struct GenaiSessionOptions {
  /// The EP to force onto the bundle's hardware stages, and the device for its device-specific
  /// provider options; default = respect the bundle. From names: EpChoice::parse("qnn", "npu").
  /// An EP this machine lacks is refused on the first load (a winml::Error of category load that
  /// lists what the machine has), never replaced by the CPU.
  EpChoice ep;
  /// Intra-op threads of every stage's ONNX Runtime session; nullopt = as the bundle's config sets
  /// them, else GenAI's default. GenAI has no API for it, so a value goes into a derived copy of
  /// genai_config.json under the cache root (the bundle folder is never written).
  std::optional<int> intra_op_threads;
  /// Pre-compile EPContext-capable stages before loading.
  bool compile = false;
  /// Seconds allowed to compile one stage before falling back to its original ONNX.
  double compile_timeout_s = 300;
  /// Stages compiled at once, each in its own worker process with its own timeout; 0 = as many as
  /// the stages, the physical cores and the available memory allow (docs/compile.md).
  unsigned compile_jobs = 0;
  /// Refuse to run nodes on the CPU in stages routed to an accelerator (ONNX Runtime's
  /// session.disable_cpu_ep_fallback, through a derived genai_config.json); a load that fails on it
  /// throws GenaiLoadError naming the stages and the nodes their EP did not take.
  bool no_cpu_fallback = false;
  /// Let the bundle's genai_config.json load native libraries (custom_ops_library, EP plugin or
  /// backend paths inside the bundle). Off: such a bundle is refused with a UsageError before
  /// anything loads. Turn on only for bundles you trust: their code runs in this process.
  bool allow_custom_ops = false;
  /// Non-empty: every stage's ONNX Runtime session profiles itself into this folder (session-level
  /// enable_profiling, bundle/session_profiling.h; one <stage>_<timestamp>.json per session, written
  /// when unload() destroys it), through a derived bundle in <profile_dir>/.bundle. For profiling
  /// runs only (winml perf --profile): never for timed runs. A bundle's own profiling options stay
  /// refused by the bundle check.
  std::string profile_dir;
  /// Whether the tokenizer is loaded: text prompts need it, token-id prompts (generate_timed on ids)
  /// do not. A tokenizer whose ids exceed the model's vocab_size is never loaded.
  TokenizerUse tokenizer = TokenizerUse::automatic;
  /// Clock used by generate_timed.
  Clock clock = steady_clock_seconds();
  /// The engine the bundle loads through; empty = the winml_engine plugin (engine::get()), asked
  /// only once the bundle's files have been checked. Tests pass a fake engine here.
  std::function<engine::Engine&()> engine;
};

/// What happened to each stage during preparation (EP override and compilation).
struct StagePreparation {
  std::string stage;   ///< pipeline stage name, or "decoder"
  std::string ep;      ///< EP alias the stage runs on ("cpu" for CPU)
  std::string action;  ///< "jit", "compiled", "reused", "fell_back"
  double seconds = 0;  ///< time spent preparing the stage
  std::string detail;  ///< e.g. why it fell back
  /// What ONNX Runtime said of the EPContext model the stage runs from on its devices:
  /// "not_checked" (none, or no answer), "not_applicable", "optimal", "prefer_recompile",
  /// "unsupported" (docs/compile.md, "Compatibility with this machine").
  std::string compatibility = "not_checked";
};

/// How the compile step ran (docs/compile.md, "Parallel compiles").
struct CompileTiming {
  unsigned jobs = 1;       ///< stages that could compile at once
  std::string source;      ///< "requested" (compile_jobs given) or "auto"
  std::string limited_by;  ///< what set jobs: "requested", "stages", "physical cores", "logical cores", "memory"
  double wall_s = 0;       ///< wall time of the compile step, every stage
  double stages_s = 0;     ///< the stages' own times summed: about what one worker would take
  double saved_s = 0;      ///< stages_s - wall_s, never below 0: what compiling side by side saved
};

/// Where one load's time went, in seconds (docs/metrics.md, "Load breakdown"). The parts add up
/// to total_s(): whatever no step claims is other_s.
struct LoadBreakdown {
  double prepare_s = 0;    ///< bundle check, EP override / threads patch, derived bundle writing
  double compile_s = 0;    ///< EPContext compilation of every stage, wall time (0 when nothing is compiled)
  double model_s = 0;      ///< model creation (GenAI's OgaModel::Create)
  double tokenizer_s = 0;  ///< tokenizer creation
  double other_s = 0;      ///< the rest (engine libraries loaded on first use, EOS ids)
  /// The sum of the parts: the whole load.
  double total_s() const { return prepare_s + compile_s + model_s + tokenizer_s + other_s; }
};

/// RAII owner of a GenAI model + tokenizer for one bundle. Loads on first use or on load();
/// unloads on unload() or destruction. Not thread safe (GenAI is not).
class GenaiSession {
 public:
  explicit GenaiSession(std::string bundle_dir, GenaiSessionOptions options = {});
  ~GenaiSession();
  GenaiSession(GenaiSession&&) noexcept;
  GenaiSession& operator=(GenaiSession&&) noexcept;
  GenaiSession(const GenaiSession&) = delete;
  GenaiSession& operator=(const GenaiSession&) = delete;

  /// Loads the model and its tokenizer (the tokenizer only when uses_tokenizer()) (no-op when loaded) and returns where
  /// the last load's time went. Preparation (EP override, derived bundle, compilation) runs on the first load only: a
  /// load after unload() reuses its folder, and reports 0 for prepare and compile. Throws
  /// GenaiNotInstalledError or GenaiLoadError.
  const LoadBreakdown& load();
  /// Releases the model and tokenizer; the next call loads again.
  void unload();
  bool is_loaded() const;
  /// Seconds the last load() took (0 before loading): load_breakdown().total_s().
  double load_seconds() const;
  /// Where the last load()'s time went (all zero before loading).
  const LoadBreakdown& load_breakdown() const;

  /// Generates and returns the whole response text. The prompt is used as given. Every call that
  /// takes or returns text (generate*, encode, decode, a bundle's chat template) needs the
  /// tokenizer: without one it throws GenaiLoadError naming the missing or misfitting file before
  /// the model loads. Every generation throws UsageError, before it runs, on a bundle only GenAI's
  /// dynamic engine runs (a paged KV cache): ServingSession and `winml perf --concurrency` do.
  std::string generate(std::string_view prompt, const GenerationConfig& config = {});
  /// Calls on_piece with each decoded piece of text as tokens arrive; returns the timing.
  GenerationTiming generate_streaming(std::string_view prompt, const GenerationConfig& config,
                                      const std::function<void(std::string_view)>& on_piece);
  /// Generates while timing GenAI calls; returns the timing and the response.
  GenerationTiming generate_timed(std::string_view prompt, const GenerationConfig& config = {});
  /// Same from token ids (no tokenisation).
  GenerationTiming generate_timed(const std::vector<std::int32_t>& prompt_ids, const GenerationConfig& config = {});
  /// Same at depth: first fills the KV cache with `depth_ids` (one AppendTokens, timed apart as
  /// depth_fill_s), then times the prompt's prefill and every decode step as generate_timed does,
  /// so they run with depth_ids.size() tokens already in the context.
  GenerationTiming generate_timed_at_depth(const std::vector<std::int32_t>& depth_ids,
                                           const std::vector<std::int32_t>& prompt_ids,
                                           const GenerationConfig& config = {});

  /// Wraps the prompt as a user message in the bundle's chat template; returns the prompt
  /// unchanged when the bundle has none.
  std::string apply_chat_template(std::string_view prompt);
  /// True when the bundle ships a chat template.
  bool has_chat_template() const;

  std::vector<std::int32_t> encode(std::string_view text);
  std::string decode(const std::vector<std::int32_t>& ids);

  /// The EP alias actually forced on the bundle, or "config" when the bundle is used as is.
  std::string effective_ep() const;
  /// The bundle's model.context_length.
  int context_length() const;
  /// The bundle's model.vocab_size.
  int vocab_size() const;
  /// Checks the bundle's files as the first load does before anything loads (and, with
  /// TokenizerUse::required, that its tokenizer is there and fits the model); throws what load()
  /// would throw for them.
  void check() const;
  /// Throws UsageError, naming the file and what to run instead, when GenAI's generator cannot run
  /// the bundle (its config declares a paged KV cache, which only GenAI's dynamic engine feeds);
  /// reads the bundle's files only, so a caller can ask before the model loads.
  void check_generator() const;
  /// Whether generations go through the tokenizer (output text) or run on token ids alone: false
  /// with TokenizerUse::none, or when the bundle's tokenizer is missing or does not fit the model.
  bool uses_tokenizer() const;
  /// Ids of the tokenizer's special tokens and the EOS ids (loads the model); without a tokenizer,
  /// the EOS, pad and BOS ids of genai_config.json and any special tokens tokenizer.json lists.
  std::vector<std::int32_t> special_token_ids();
  /// The bundle folder given at construction.
  const std::string& bundle_dir() const;
  /// The folder GenAI actually loads (the bundle, or its derived _compiled/ copy).
  std::string load_dir() const;
  /// Per-stage preparation results from the last load().
  const std::vector<StagePreparation>& preparation() const;
  /// How the first load's compile step ran; nullopt when it compiled nothing (no compile, nothing
  /// to compile, or a folder already prepared).
  const std::optional<CompileTiming>& compile_timing() const;
  /// Per stage, the intra-op threads the loaded config sets (after load()).
  const std::vector<StageThreads>& stage_threads() const;
  /// Where ONNX Runtime places the nodes of every stage, from one probe session per stage opened
  /// as GenAI opens the stage (session/placement_probe.h), one at a time; call it with the model
  /// unloaded to keep two copies of a stage out of memory. Prepares the load folder first when no
  /// load() did. Throws what preparation throws; a stage whose probe fails has its error set.
  std::vector<StagePlacement> probe_placement();
  /// Warnings produced while preparing (e.g. an override that changed nothing).
  const std::vector<std::string>& warnings() const;

 private:
  friend class ServingSession;
  friend struct session::ModelAccess;
  // The loaded model (loads it first): what ServingSession and the serving benchmark build GenAI's
  // Engine on.
  engine::GenaiModel& loaded_model();

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace winml
