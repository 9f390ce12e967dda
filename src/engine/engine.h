#pragma once
/// \file
/// The boundary around ONNX Runtime and ONNX Runtime GenAI. Everything here is plain C++ with no
/// engine headers; the implementation lives in the winml_engine plugin (src/engine/impl), which is
/// the only code that includes onnxruntime_cxx_api.h or ort_genai.h. The plugin is dlopen'ed on
/// first use (engine_loader.h) so commands that do not run a model never load the engines.
/// Engine errors are translated into winml::Error subclasses inside the plugin.
///
/// The contract of this boundary: it is C++, not C. Virtual calls, std::string, std::vector,
/// std::function and thrown winml::Error objects cross it, and the plugin is built with hidden
/// visibility, so its copies of the winml::Error classes are not shared with winml's: a catch in
/// winml matches them by type name. That works only because winml and libwinml_engine.so are built
/// from one source tree with one compiler and one C++ standard library. The plugin therefore
/// exports winml_engine_identity() (plain C, plugin/plugin_identity.h), which the loader checks
/// before the first C++ call, and kEngineInterfaceVersion changes with every change to this file.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plugin/plugin_identity.h"

namespace winml::engine {

/// Version of the interface declared in this file. Bump it on any change to a class, struct or
/// signature here: a plugin built before the change is then refused by name instead of crashing.
inline constexpr int kEngineInterfaceVersion = 9;

/// Tensor element types winml can feed and read (engine/element_types.h names them). The 4-bit
/// types are packed two to a byte, the first element in the low nibble.
enum class ElementType {
  float32,
  float16,
  bfloat16,
  float64,
  float8e4m3fn,
  float8e4m3fnuz,
  float8e5m2,
  float8e5m2fnuz,
  float4e2m1,
  int4,
  uint4,
  int8,
  uint8,
  int16,
  uint16,
  int32,
  uint32,
  int64,
  uint64,
  boolean,
  string,
  other
};

/// What a model input or output holds: a tensor, a sequence of values, an optional value, or
/// something winml cannot hold (a map, a sparse tensor).
enum class ValueKind { tensor, sequence, optional, other };

/// Name, type and shape of one model input or output. A dynamic dim is -1 with its symbolic
/// name (possibly empty) in dim_names. A sequence or optional describes what it holds in
/// `contained` (one entry; its name is empty); its own type and shape are unused.
struct TensorInfo {
  std::string name;
  ElementType type = ElementType::other;
  std::string type_name;  ///< in words, for messages and reports: "float", "seq(tensor(int64))"
  std::vector<std::int64_t> shape;
  std::vector<std::string> dim_names;
  ValueKind kind = ValueKind::tensor;
  std::vector<TensorInfo> contained = {};
};

/// A tensor in host memory: raw little-endian element bytes, or the elements of a string tensor.
struct HostTensor {
  std::string name;
  ElementType type = ElementType::float32;
  std::vector<std::int64_t> shape;
  std::vector<std::byte> data;            ///< every type but string
  std::vector<std::string> strings = {};  ///< string tensors only
};

/// A value in host memory: a tensor, a sequence of values, or an optional value (None when
/// `elements` is empty). `name` is the input or output it belongs to.
struct HostValue {
  std::string name;
  ValueKind kind = ValueKind::tensor;
  HostTensor tensor;                ///< kind tensor
  std::vector<HostValue> elements;  ///< kind sequence: the elements; kind optional: none or one
};

/// One execution provider with its options, as ONNX Runtime's session options take it.
struct ProviderSpec {
  std::string name;  ///< canonical EP name, e.g. "QNNExecutionProvider"
  std::map<std::string, std::string> options;
  /// Hardware device type to run on ("cpu", "gpu", "npu"): only EP devices of that type are
  /// appended. Empty = every EP device of the EP.
  std::string device_type;
  /// Name for ONNX Runtime's legacy AppendExecutionProvider ("QNN"), used when ONNX Runtime lists
  /// no EP device for the EP; empty = the EP has no legacy registration.
  std::string legacy_name;
};

/// Options for a plain ONNX Runtime session.
struct SessionSpec {
  std::string model_path;
  std::vector<ProviderSpec> providers;  ///< empty = CPU (ONNX Runtime always has it; never listed)
  int intra_op_threads = 0;             ///< 0 = ONNX Runtime default
  /// Session config entries (AddConfigEntry), e.g. {"session.disable_cpu_ep_fallback", "1"}.
  std::map<std::string, std::string> config_entries = {};
  /// Graph optimisation level as GenAI's config names it ("ORT_ENABLE_BASIC", ...); empty = ONNX
  /// Runtime's default. Placement depends on it: fusions change the nodes partitioning sees.
  std::string graph_optimization_level = {};
};

/// One node of a session's graph and the EP ONNX Runtime assigned it to, as recorded with
/// `session.record_ep_graph_assignment_info` (after the basic optimisations, before kernels).
struct AssignedNode {
  std::string ep;  ///< EP name as ONNX Runtime spells it, e.g. "CPUExecutionProvider"
  std::string name;
  std::string domain;  ///< "" = the default ONNX domain
  std::string op_type;
};

/// An EP device reported by ONNX Runtime (built-in or plugin EP).
struct EpDevice {
  std::string ep_name;      ///< e.g. "CPUExecutionProvider"
  std::string device_type;  ///< "cpu", "gpu" or "npu"
  std::string vendor;
};

/// Why an EP cannot use one of the hardware devices ONNX Runtime found
/// (GetHardwareDeviceEpIncompatibilityDetails), for an EP that lists no EP device on it.
struct DeviceIncompatibility {
  std::string ep_name;      ///< e.g. "QNNExecutionProvider"
  std::string device_type;  ///< "cpu", "gpu" or "npu"
  std::string vendor;       ///< the hardware device's vendor
  std::uint32_t vendor_id = 0;
  std::uint32_t device_id = 0;
  std::uint32_t reasons = 0;    ///< OrtDeviceEpIncompatibilityReason bits (0: no known reason)
  std::int32_t error_code = 0;  ///< the EP's own code, 0 = none
  std::string notes;            ///< the EP's words, may be empty
  std::string query_error;      ///< set when ONNX Runtime could not answer (e.g. no factory of that name)
};

/// Reason bits of DeviceIncompatibility::reasons, as ONNX Runtime defines them.
inline constexpr std::uint32_t kIncompatibleDriver = 1U << 0;
inline constexpr std::uint32_t kIncompatibleDevice = 1U << 1;
inline constexpr std::uint32_t kMissingDependency = 1U << 2;
inline constexpr std::uint32_t kIncompatibleUnknown = 1U << 31;

/// What ONNX Runtime says of a compiled (EPContext) model on the EP devices it would run on
/// (GetModelCompatibilityForEpDevices, answered by the EP from the compatibility info it wrote into
/// the model's metadata at compile time).
enum class ModelCompatibility {
  not_applicable,    ///< the model carries no compatibility info for the EP, or the EP makes no claim
  optimal,           ///< runs as compiled
  prefer_recompile,  ///< runs, but a recompile for these devices would be better
  unsupported,       ///< cannot run on these devices
};

/// What to compile with ONNX Runtime's compile API.
struct CompileRequest {
  std::string input_path;
  std::string output_path;
  std::vector<ProviderSpec> providers;
  bool embed_context = false;  ///< embed the context binary in the ONNX file
};

/// GenAI search settings applied to one generator.
struct SearchSettings {
  int max_length = 0;
  int min_length = 0;
  bool do_sample = false;
  double temperature = 1.0;
  double top_p = 1.0;
  int top_k = 0;
  double repetition_penalty = 1.0;
  std::optional<std::int64_t> seed;
};

/// GenAI's generator: the token loop. Only append_tokens and generate_next_token run the model.
class Generator {
 public:
  virtual ~Generator() = default;
  /// Runs the prompt's forward pass (prefill).
  virtual void append_tokens(const std::int32_t* ids, std::size_t count) = 0;
  /// Samples one token (the first call after append_tokens runs no model; later calls decode).
  virtual void generate_next_token() = 0;
  /// The token chosen by the last generate_next_token.
  virtual std::int32_t last_token() = 0;
  /// EOS reached or max_length hit.
  virtual bool is_done() = 0;
  /// The last position's logits (GenAI's GetLogits, as float32 on the host). Call it only between
  /// append_tokens and the next generate_next_token: after generate_next_token GenAI would run the
  /// next decode step to produce them.
  virtual std::vector<float> last_logits() = 0;
};

/// Incremental detokeniser: returns the text a token adds.
class TokenStream {
 public:
  virtual ~TokenStream() = default;
  virtual std::string decode(std::int32_t token) = 0;
};

/// What a turn of a request ended with (GenAI's OgaFinishReason).
enum class FinishReason { none, eos, stop_string, max_generated_tokens, max_session_tokens, cancelled, failed };

/// One event of GenAI's Engine: a token of a request, the end of its turn, or both.
struct ServingEvent {
  std::uint64_t request = 0;  ///< the id submit() returned
  std::optional<std::int32_t> token;
  bool turn_finished = false;
  FinishReason finish = FinishReason::none;  ///< when turn_finished
  /// The turn's counts, when turn_finished: prompt tokens, of them those served from the cache,
  /// and tokens generated.
  std::uint64_t prompt_tokens = 0;
  std::uint64_t cached_prompt_tokens = 0;
  std::uint64_t generated_tokens = 0;
};

/// What GenAI's Engine was configured to schedule (OgaEngineCapabilities).
struct ServingLimits {
  std::size_t max_batch_size = 0;        ///< requests batched in one step (a static engine's default is 4)
  std::size_t max_scheduled_tokens = 0;  ///< the dynamic scheduler's token budget; 0 for static batching
  std::uint64_t max_request_length = 0;  ///< tokens one request may reach; 0 when the engine does not say
};

/// GenAI's Engine over one model: requests submitted at any time, scheduled and batched by GenAI,
/// advanced one model step per step(). Greedy decoding. Every call from the thread that created it.
class ServingEngine {
 public:
  virtual ~ServingEngine() = default;
  virtual ServingLimits limits() = 0;
  /// Queues a request whose first turn is `prompt`, generating at most `max_new_tokens` (and at
  /// least `min_new_tokens`: EOS is masked until then); returns its id (1, 2, ...).
  virtual std::uint64_t submit(const std::vector<std::int32_t>& prompt, std::uint64_t max_new_tokens,
                               std::uint64_t min_new_tokens) = 0;
  /// Appends `input` to a request whose turn has finished and begins its next turn.
  virtual void continue_request(std::uint64_t request, const std::vector<std::int32_t>& input,
                                std::uint64_t max_new_tokens, std::uint64_t min_new_tokens) = 0;
  /// Runs at most one model step (or hands over events held back) and returns its events, in
  /// GenAI's order; possibly none while a long prompt is prefilled in parts.
  virtual std::vector<ServingEvent> step() = 0;
  /// Whether events or schedulable work remain.
  virtual bool has_pending() = 0;
  /// Ends a request and frees what the engine holds for it. Unknown ids are ignored.
  virtual void close(std::uint64_t request) = 0;
};

/// A loaded GenAI model with its tokenizer. load_genai_model creates the model only; the
/// tokenizer is created by load_tokenizer(), or by the first call that needs it, so a caller can
/// time the two steps apart (docs/metrics.md, "Load breakdown").
class GenaiModel {
 public:
  virtual ~GenaiModel() = default;
  /// Creates the tokenizer (no-op when it exists). Throws GenaiLoadError naming the file and the fix.
  virtual void load_tokenizer() = 0;
  virtual std::vector<std::int32_t> encode(const std::string& text) = 0;
  virtual std::string decode(const std::vector<std::int32_t>& ids) = 0;
  /// Renders messages (a JSON array of {role, content}) with the tokenizer's chat template;
  /// an empty template_str means the bundle's own. Throws SessionError when there is none.
  virtual std::string apply_chat_template(const std::string& template_str, const std::string& messages_json) = 0;
  virtual std::unique_ptr<TokenStream> create_token_stream() = 0;
  virtual std::unique_ptr<Generator> create_generator(const SearchSettings& settings) = 0;
  virtual std::vector<std::int32_t> eos_token_ids() = 0;
  /// GenAI's device interface name: "CPU", "CUDA", ...
  virtual std::string device_type() = 0;
  /// GenAI's Engine over this model. Throws UsageError where GenAI cannot serve the model (its
  /// Engine takes decoder-only models: not a decoder pipeline), saying so.
  virtual std::unique_ptr<ServingEngine> create_serving_engine() = 0;
};

/// A plain ONNX Runtime inference session with pre-bound inputs.
class OnnxSession {
 public:
  virtual ~OnnxSession() = default;
  virtual std::vector<TensorInfo> inputs() = 0;
  virtual std::vector<TensorInfo> outputs() = 0;
  /// Converts the values of every data set (one value per input each) to engine values once, so
  /// run() does nothing but the Run call. An optional input holding None is left out of the feed.
  /// With keep_first_outputs, the outputs of each set's first run are kept for first_outputs().
  virtual void bind_inputs(const std::vector<std::vector<HostValue>>& sets, bool keep_first_outputs) = 0;
  /// One Run with the bound inputs of data set `set`; outputs are discarded (but see bind_inputs).
  virtual void run(std::size_t set) = 0;
  /// run(set) with ONNX Runtime's run-level profiling on for that one Run: it writes a Chrome-trace
  /// file <file_prefix>_<timestamp>.json. For profiling runs only (perf --profile), never timed.
  virtual void run_profiled(std::size_t set, const std::string& file_prefix) = 0;
  /// The outputs of the first run of data set `set`, copied to host memory, in output order.
  /// Throws SessionError when that set has not run or outputs were not kept.
  virtual std::vector<HostValue> first_outputs(std::size_t set) = 0;
  /// Every node of the session's graph with the EP it was assigned to, in ONNX Runtime's order
  /// (every session records it). Throws SessionError when ONNX Runtime cannot say.
  virtual std::vector<AssignedNode> placement() = 0;
};

/// Severity of an engine log line, in ONNX Runtime's order.
enum class LogSeverity { verbose, info, warning, error, fatal };

/// Receives one ONNX Runtime or GenAI log line: who logged it ("onnxruntime" or
/// "onnxruntime-genai") and the text, without colour codes or a trailing newline. Called from
/// engine threads, possibly concurrently.
using LogSink = std::function<void(LogSeverity severity, const std::string& source, const std::string& message)>;

/// Library versions as the loaded libraries report them.
struct Versions {
  std::string onnxruntime;  ///< as ONNX Runtime's GetVersionString() returns it
  std::string genai;        ///< read from the loaded GenAI's install, or "unknown" (it has no version call)
};

/// Entry point of the plugin.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual Versions versions() = 0;
  /// Execution providers compiled into the loaded ONNX Runtime.
  virtual std::vector<std::string> available_providers() = 0;
  /// EP devices (includes plugin EPs registered with register_ep_library).
  virtual std::vector<EpDevice> ep_devices() = 0;
  /// Registers a plugin EP library with both ONNX Runtime and GenAI.
  virtual void register_ep_library(const std::string& registration_name, const std::string& path) = 0;
  /// Switches GenAI's (OgaSetTelemetryEnabled) and ONNX Runtime's (Enable/DisableTelemetryEvents)
  /// telemetry on or off; called right after loading and again on every change of the opt-in.
  virtual void set_telemetry_enabled(bool enabled) = 0;
  /// Sends ONNX Runtime's and GenAI's log lines at min_severity or above to sink instead of their
  /// own (coloured) stderr output; an empty sink drops them all. Creates ONNX Runtime's
  /// environment (which GenAI then shares) so that its logger is ours from the start.
  virtual void set_log_sink(LogSeverity min_severity, LogSink sink) = 0;
  /// Loads a GenAI bundle folder's model (not its tokenizer: GenaiModel::load_tokenizer). Throws
  /// GenaiLoadError naming the file and the fix.
  virtual std::unique_ptr<GenaiModel> load_genai_model(const std::string& bundle_dir) = 0;
  virtual std::unique_ptr<OnnxSession> create_onnx_session(const SessionSpec& spec) = 0;
  /// Compiles one model to an EPContext model. Throws CompileError.
  virtual void compile_model(const CompileRequest& request) = 0;
  /// Whether a compiled model with `compatibility_info` (what provider.name's EP wrote into the
  /// model's metadata when compiling it: "ep_compatibility_info.<EP>") suits the EP devices
  /// `provider` selects, as a session would append them. Throws SessionError when the EP has no
  /// device of that type here or ONNX Runtime cannot answer.
  virtual ModelCompatibility compiled_model_compatibility(const std::string& compatibility_info,
                                                          const ProviderSpec& provider) = 0;
  /// For each EP with EP devices and each hardware device ONNX Runtime found that the EP lists no
  /// EP device on: why not, as the EP says.
  virtual std::vector<DeviceIncompatibility> device_incompatibilities() = 0;
  /// Releases GenAI's globals. Call once, after every model and session is destroyed.
  virtual void shutdown() = 0;
};

}  // namespace winml::engine

/// Exported by the plugin: which build it is from (interface version, winml version,
/// toolchain). Plain C, so the loader can read it before trusting any C++ type.
extern "C" const winml::plugin::Identity* winml_engine_identity();

/// Exported by the plugin; returns the process-wide engine (never null). Called only after
/// winml_engine_identity() matched.
extern "C" winml::engine::Engine* winml_engine_instance();
