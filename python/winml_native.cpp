// winml._native: the Python face of winml's library (include/winml), over pybind11. GenaiSession
// with its generation calls, GenerationConfig and GenerationTiming with the C++ definitions, and
// winml's error categories as Python exceptions. Generation runs with the GIL released; a
// streaming generation runs on a worker thread so the interpreter can take Ctrl-C between pieces.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "command_line.h"
#include "embedded_commands.h"
#include "winml/ep_choice.h"
#include "winml/errors.h"
#include "winml/genai_session.h"
#include "winml/generation.h"
#include "winml_build_info.h"

namespace py = pybind11;

namespace winml::python {
namespace {

// The exception classes, created once at import (see PYBIND11_MODULE below).
struct Exceptions {
  PyObject* error = nullptr;          // winml.WinmlError
  PyObject* usage = nullptr;          // winml.UsageError (a ValueError)
  PyObject* session = nullptr;        // winml.GenaiSessionError
  PyObject* not_installed = nullptr;  // winml.GenaiNotInstalledError
  PyObject* load = nullptr;           // winml.GenaiLoadError
  PyObject* onnx_io = nullptr;        // winml.OnnxIoNotInstalledError
  PyObject* warning = nullptr;        // winml.WinmlWarning (a UserWarning)
};
Exceptions exceptions;

PyObject* exception_for(const Error& e) {
  switch (e.category()) {
    case ErrorCategory::usage:
      return exceptions.usage;
    case ErrorCategory::not_installed:
      return exceptions.not_installed;
    case ErrorCategory::load:
      return exceptions.load;
    case ErrorCategory::runtime:
      return exceptions.session;
    case ErrorCategory::compile:
    case ErrorCategory::validation:
      break;
  }
  return exceptions.error;
}

// GenerationConfig's sampling settings given without do_sample: greedy decoding ignores them, so
// say so as `winml generate` does for --temperature without --do-sample (a WinmlWarning).
void warn_sampling_needs_do_sample(const std::optional<double>& temperature, const std::optional<double>& top_p,
                                   const std::optional<int>& top_k, const std::optional<std::int64_t>& seed) {
  std::vector<std::string> given;
  if (temperature) given.emplace_back("temperature=");
  if (top_p) given.emplace_back("top_p=");
  if (top_k) given.emplace_back("top_k=");
  if (seed) given.emplace_back("seed=");
  if (given.empty()) return;
  std::string list;
  for (const std::string& name : given) list += (list.empty() ? "" : ", ") + name;
  const bool one = given.size() == 1;
  const std::string message =
      list + (one ? " has" : " have") +
      " no effect without do_sample=True (generation stays greedy): add do_sample=True or drop " +
      (one ? "it" : "them");
  if (PyErr_WarnEx(exceptions.warning, message.c_str(), 1) != 0) throw py::error_already_set();
}

// The prompt as `winml generate` uses it: wrapped in the bundle's chat template unless the
// caller asks for it as given (--no-apply-template, apply_template=False).
std::string prompt_text(GenaiSession& session, const std::string& prompt, bool apply_template) {
  return apply_template ? session.apply_chat_template(prompt) : prompt;
}

// The session options from the keyword arguments, as the C++ API takes them: ep=None respects
// the bundle; "mixed" is handled by the modelkit alias before it gets here.
GenaiSessionOptions session_options(const std::optional<std::string>& ep, const std::optional<std::string>& device,
                                    bool compile, double compile_timeout, std::optional<int> threads,
                                    bool allow_custom_ops) {
  GenaiSessionOptions options;
  if (ep || device) options.ep = EpChoice::parse(ep.value_or(""), device.value_or(""));
  options.compile = compile;
  options.compile_timeout_s = compile_timeout;
  options.intra_op_threads = threads;
  options.allow_custom_ops = allow_custom_ops;
  return options;
}

// Thrown from the piece callback to end a streaming generation the consumer abandoned.
struct StreamCancelled {};

// One call's hold on a session (GenaiSession is not thread safe): released when destroyed, from
// whichever thread, so a streaming generation can hold it until its iterator is done.
class Claim {
 public:
  explicit Claim(std::shared_ptr<std::atomic<bool>> busy) : busy_(std::move(busy)) {
    bool idle = false;
    if (!busy_->compare_exchange_strong(idle, true)) {
      busy_.reset();
      throw SessionError(
          "this GenaiSession is busy with another call (a streaming generation whose iterator has not ended, or "
          "another thread): finish the iteration or close() its iterator first, or give each thread its own session");
    }
  }
  ~Claim() {
    if (busy_) busy_->store(false);
  }
  Claim(Claim&& other) noexcept = default;
  Claim& operator=(Claim&&) = delete;
  Claim(const Claim&) = delete;
  Claim& operator=(const Claim&) = delete;

 private:
  std::shared_ptr<std::atomic<bool>> busy_;
};

// What Python holds of a session: the session, and the flag that keeps it to one call at a time.
struct SessionHandle {
  std::shared_ptr<GenaiSession> session;
  std::shared_ptr<std::atomic<bool>> busy = std::make_shared<std::atomic<bool>>(false);
  Claim claim() const { return Claim(busy); }
};

// Runs `call` on the session with the GIL released, holding the session for it.
template <class Call>
auto with_session(const SessionHandle& handle, Call call) {
  const Claim claim = handle.claim();
  py::gil_scoped_release released;
  return call(*handle.session);
}

// One streaming generation: a worker thread generates and queues the pieces; the Python iterator
// takes them, waiting with the GIL released and checking for signals every 50 ms, so Ctrl-C
// reaches the interpreter within one piece. Abandoning the iterator (KeyboardInterrupt, break,
// garbage collection) cancels the generation at its next piece and joins the worker: the session
// is idle and usable again once the iterator is gone.
class PieceStream {
 public:
  PieceStream(const SessionHandle& handle, std::string prompt, GenerationConfig config, bool apply_template)
      : session_(handle.session), claim_(handle.claim()) {
    worker_ = std::thread([this, prompt = std::move(prompt), config, apply_template] {
      try {
        session_->generate_streaming(prompt_text(*session_, prompt, apply_template), config,
                                     [this](std::string_view piece) {
                                       if (cancelled_) throw StreamCancelled{};
                                       std::lock_guard<std::mutex> lock(mutex_);
                                       pieces_.emplace_back(piece);
                                       ready_.notify_one();
                                     });
      } catch (const StreamCancelled&) {
        // The consumer went away: nothing to hand on.
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex_);
        error_ = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
      ready_.notify_one();
    });
  }
  ~PieceStream() { close(); }
  PieceStream(const PieceStream&) = delete;
  PieceStream& operator=(const PieceStream&) = delete;

  std::string next() {
    while (true) {
      {
        py::gil_scoped_release released;
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait_for(lock, std::chrono::milliseconds(50), [this] { return !pieces_.empty() || done_; });
        if (!pieces_.empty()) {
          std::string piece = std::move(pieces_.front());
          pieces_.pop_front();
          return piece;
        }
        if (done_) break;
      }
      if (PyErr_CheckSignals() != 0) {
        close();
        throw py::error_already_set();
      }
    }
    close();
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    throw py::stop_iteration();
  }

  // Cancels the generation (at its next piece), waits for the worker with the GIL released, and
  // hands the session back.
  void close() {
    cancelled_ = true;
    if (worker_.joinable()) {
      py::gil_scoped_release released;
      worker_.join();
    }
    claim_.reset();
  }

 private:
  std::shared_ptr<GenaiSession> session_;
  std::optional<Claim> claim_;
  std::thread worker_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> pieces_;
  std::exception_ptr error_;
  bool done_ = false;
  std::atomic<bool> cancelled_{false};
};

}  // namespace
}  // namespace winml::python

PYBIND11_MODULE(_native, m) {
  using namespace winml;
  using namespace winml::python;
  m.doc() = "winml's native library: GenaiSession, GenerationConfig, GenerationTiming and winml's errors.";
  m.attr("__version__") = WINML_VERSION_STRING;
  m.def(
      "main", [](std::vector<std::string> argv) { return cli::run_command_line(std::move(argv)); }, py::arg("argv"),
      py::call_guard<py::gil_scoped_release>(),
      "Runs the winml command line in this process (argv[0] is the program's name) and returns its exit code; "
      "`python -m winml perf ...` is `winml perf ...`.");
  bind_embedded_commands(m);

  exceptions.error =
      PyErr_NewExceptionWithDoc("winml.WinmlError", "Base of every error winml raises.", PyExc_RuntimeError, nullptr);
  py::tuple usage_bases = py::make_tuple(py::handle(exceptions.error), py::handle(PyExc_ValueError));
  exceptions.usage = PyErr_NewExceptionWithDoc(
      "winml.UsageError", "The caller asked for something invalid (the CLI's exit code 2); also a ValueError.",
      usage_bases.ptr(), nullptr);
  exceptions.session = PyErr_NewExceptionWithDoc(
      "winml.GenaiSessionError", "A GenaiSession failed (generation, or its engine).", exceptions.error, nullptr);
  exceptions.not_installed = PyErr_NewExceptionWithDoc(
      "winml.GenaiNotInstalledError", "ONNX Runtime or GenAI cannot be loaded; the message names the file.",
      exceptions.session, nullptr);
  exceptions.load =
      PyErr_NewExceptionWithDoc("winml.GenaiLoadError",
                                "GenAI or ONNX Runtime refused a bundle winml's own checks accepted, or an EP is "
                                "unavailable (a missing or malformed bundle file is a UsageError).",
                                exceptions.session, nullptr);
  exceptions.onnx_io = PyErr_NewExceptionWithDoc(
      "winml.OnnxIoNotInstalledError",
      "winml's ONNX file support (libwinml_onnx_io.so: bundle.synth, .pb inputs) cannot be loaded; the message "
      "names the file and WINML_ONNX_IO_PATH. Not a GenaiNotInstalledError: ONNX Runtime and GenAI may be fine.",
      exceptions.error, nullptr);
  exceptions.warning = PyErr_NewExceptionWithDoc(
      "winml.WinmlWarning",
      "Something winml says about a run that does not stop it (the CLI's \"warning: ...\" lines).", PyExc_UserWarning,
      nullptr);
  m.attr("WinmlError") = py::handle(exceptions.error);
  m.attr("UsageError") = py::handle(exceptions.usage);
  m.attr("GenaiSessionError") = py::handle(exceptions.session);
  m.attr("GenaiNotInstalledError") = py::handle(exceptions.not_installed);
  m.attr("GenaiLoadError") = py::handle(exceptions.load);
  m.attr("OnnxIoNotInstalledError") = py::handle(exceptions.onnx_io);
  m.attr("WinmlWarning") = py::handle(exceptions.warning);
  // pybind11 takes a plain void(*)(std::exception_ptr): the parameter cannot be a reference.
  py::register_exception_translator([](std::exception_ptr p) {  // NOLINT(performance-unnecessary-value-param)
    try {
      if (p) std::rethrow_exception(p);
    } catch (const OnnxIoNotInstalledError& e) {
      PyErr_SetString(exceptions.onnx_io, e.what());
    } catch (const Error& e) {
      PyErr_SetString(exception_for(e), e.what());
    }
  });

  py::class_<GenerationConfig>(m, "GenerationConfig",
                               "How to generate: the fields and defaults of winml::GenerationConfig.")
      .def(py::init([](int max_new_tokens, bool do_sample, std::optional<double> temperature,
                       std::optional<double> top_p, std::optional<int> top_k, double repetition_penalty,
                       std::optional<std::int64_t> seed, bool stop_at_eos, std::optional<int> max_length) {
             GenerationConfig c;
             c.max_new_tokens = max_new_tokens;
             c.do_sample = do_sample;
             c.temperature = temperature.value_or(c.temperature);
             c.top_p = top_p.value_or(c.top_p);
             c.top_k = top_k.value_or(c.top_k);
             c.repetition_penalty = repetition_penalty;
             c.seed = seed;
             c.stop_at_eos = stop_at_eos;
             c.max_length = max_length;
             if (!do_sample) warn_sampling_needs_do_sample(temperature, top_p, top_k, seed);
             return c;
           }),
           py::arg("max_new_tokens") = 128, py::kw_only(), py::arg("do_sample") = false,
           py::arg("temperature") = py::none(), py::arg("top_p") = py::none(), py::arg("top_k") = py::none(),
           py::arg("repetition_penalty") = 1.0, py::arg("seed") = py::none(), py::arg("stop_at_eos") = true,
           py::arg("max_length") = py::none(),
           "max_new_tokens may be given by position (GenerationConfig(64)), the rest by name. temperature, top_p, "
           "top_k and seed act only with do_sample=True: given without it they warn (winml.WinmlWarning), as "
           "`winml generate --temperature` without --do-sample does, and generation stays greedy.")
      .def_readwrite("max_new_tokens", &GenerationConfig::max_new_tokens, "tokens to generate after the prompt")
      .def_readwrite("do_sample", &GenerationConfig::do_sample, "False: greedy")
      .def_readwrite("temperature", &GenerationConfig::temperature, "sampling temperature (do_sample only)")
      .def_readwrite("top_p", &GenerationConfig::top_p, "nucleus sampling threshold; 1.0 = off")
      .def_readwrite("top_k", &GenerationConfig::top_k, "top-k sampling; 0 = off")
      .def_readwrite("repetition_penalty", &GenerationConfig::repetition_penalty, "1.0 = off")
      .def_readwrite("seed", &GenerationConfig::seed, "sampling seed; None = GenAI's default")
      .def_readwrite("stop_at_eos", &GenerationConfig::stop_at_eos,
                     "False: generate exactly max_new_tokens; True: stop at the first EOS")
      .def_readwrite("max_length", &GenerationConfig::max_length, "the KV capacity GenAI allocates; None = as needed")
      .def("__repr__", [](const GenerationConfig& c) {
        return "GenerationConfig(max_new_tokens=" + std::to_string(c.max_new_tokens) +
               ", do_sample=" + (c.do_sample ? "True" : "False") +
               ", stop_at_eos=" + (c.stop_at_eos ? "True" : "False") + ")";
      });

  py::class_<GenerationTiming>(m, "GenerationTiming",
                               "Durations of one generation in seconds, measured at GenAI call boundaries only.")
      .def_readonly("prefill_s", &GenerationTiming::prefill_s, "the AppendTokens call: the prompt's forward pass")
      .def_readonly("first_token_s", &GenerationTiming::first_token_s, "the first GenerateNextToken")
      .def_readonly("decode_s", &GenerationTiming::decode_s, "each later GenerateNextToken: one decode step each")
      .def_readonly("input_tokens", &GenerationTiming::input_tokens, "prompt length in tokens")
      .def_readonly("generated_tokens", &GenerationTiming::generated_tokens, "tokens produced, including the first")
      .def_readonly("token_ids", &GenerationTiming::token_ids, "generated ids")
      .def_readonly("text", &GenerationTiming::text, "decoded generated text")
      .def_property_readonly("ttft_s", &GenerationTiming::ttft_s, "time to first token: prefill_s + first_token_s")
      .def_property_readonly("decode_total_s", &GenerationTiming::decode_total_s, "sum of decode_s")
      .def_property_readonly("tpot_s", &GenerationTiming::tpot_s,
                             "mean decode step (time per output token after the first); 0 without one")
      .def_property_readonly("decode_tokens_per_s", &GenerationTiming::decode_tokens_per_s,
                             "decode steps / their total time; 0 without one")
      .def_property_readonly("total_s", &GenerationTiming::total_s, "prefill + first token + every decode step")
      .def("__repr__", [](const GenerationTiming& t) {
        return "GenerationTiming(ttft_s=" + std::to_string(t.ttft_s()) + ", tpot_s=" + std::to_string(t.tpot_s()) +
               ", generated_tokens=" + std::to_string(t.generated_tokens) + ")";
      });

  py::class_<PieceStream>(m, "_PieceStream", "The text pieces of one streaming generation, as they arrive.")
      .def("__iter__", [](PieceStream& s) -> PieceStream& { return s; })
      .def("__next__", &PieceStream::next)
      .def("close", &PieceStream::close, "Stops the generation and waits for it to end.");

  py::class_<SessionHandle>(
      m, "GenaiSession",
      "A GenAI bundle, loaded on first use or by load(); a context manager that unloads on exit. One call at a "
      "time: a call while another runs (a streaming generation not yet done, another thread) is a GenaiSessionError.")
      .def(py::init([](const std::string& bundle, const std::optional<std::string>& ep,
                       const std::optional<std::string>& device, bool compile, double compile_timeout,
                       std::optional<int> threads, bool allow_custom_ops) {
             SessionHandle handle{std::make_shared<GenaiSession>(
                 bundle, session_options(ep, device, compile, compile_timeout, threads, allow_custom_ops))};
             // The bundle's files are checked now (a missing folder, no genai_config.json, a bad
             // config), not at the first generation; the model itself still loads on first use.
             handle.session->has_chat_template();
             return handle;
           }),
           py::arg("bundle"), py::kw_only(), py::arg("ep") = py::none(), py::arg("device") = py::none(),
           py::arg("compile") = false, py::arg("compile_timeout") = 300.0, py::arg("threads") = py::none(),
           py::arg("allow_custom_ops") = false,
           "The bundle folder is checked here (UsageError for a missing folder or genai_config.json, GenaiLoadError "
           "for a "
           "bad config); the model loads on first use or load(). ep=None respects the bundle's routing; ep and device "
           "name an EP and a device to force onto its hardware "
           "stages (an EP this machine lacks is an error, never the CPU instead).")
      .def(
          "load", [](const SessionHandle& h) { with_session(h, [](GenaiSession& s) { s.load(); }); },
          "Loads the model and its tokenizer (nothing when loaded).")
      .def(
          "unload", [](const SessionHandle& h) { with_session(h, [](GenaiSession& s) { s.unload(); }); },
          "Releases the model and tokenizer; the next call loads again.")
      .def_property_readonly("is_loaded", [](const SessionHandle& h) { return h.session->is_loaded(); })
      .def_property_readonly(
          "load_seconds", [](const SessionHandle& h) { return h.session->load_seconds(); },
          "seconds the last load took")
      .def(
          "generate",
          [](const SessionHandle& h, const std::string& prompt, const GenerationConfig& config, bool apply_template) {
            return with_session(
                h, [&](GenaiSession& s) { return s.generate(prompt_text(s, prompt, apply_template), config); });
          },
          py::arg("prompt"), py::arg("config") = GenerationConfig{}, py::kw_only(), py::arg("apply_template") = true,
          "Generates and returns the whole response text. apply_template=True (the default, as `winml generate`) "
          "wraps the prompt in the bundle's chat template first; False uses it as given (--no-apply-template).")
      .def(
          "generate_timed",
          [](const SessionHandle& h, const std::string& prompt, const GenerationConfig& config, bool apply_template) {
            return with_session(
                h, [&](GenaiSession& s) { return s.generate_timed(prompt_text(s, prompt, apply_template), config); });
          },
          py::arg("prompt"), py::arg("config") = GenerationConfig{}, py::kw_only(), py::arg("apply_template") = true,
          "Generates while timing GenAI's calls; returns a GenerationTiming with the text. apply_template as in "
          "generate().")
      .def(
          "generate_streaming",
          [](const SessionHandle& h, const std::string& prompt, const GenerationConfig& config, bool apply_template) {
            return std::make_unique<PieceStream>(h, prompt, config, apply_template);
          },
          py::arg("prompt"), py::arg("config") = GenerationConfig{}, py::kw_only(), py::arg("apply_template") = true,
          "apply_template as in generate(). An iterator of the response's text pieces as tokens arrive. Ctrl-C stops "
          "it within one piece and leaves "
          "the session usable; the session takes no other call until the iterator ends or is closed.")
      .def(
          "apply_chat_template",
          [](const SessionHandle& h, const std::string& prompt) {
            return with_session(h, [&](GenaiSession& s) { return s.apply_chat_template(prompt); });
          },
          py::arg("prompt"), "The prompt wrapped in the bundle's chat template.")
      .def("__enter__", [](const SessionHandle& h) { return h; })
      .def("__exit__",
           [](const SessionHandle& h, const py::args&) { with_session(h, [](GenaiSession& s) { s.unload(); }); });
}
