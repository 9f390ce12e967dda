// winml._native._run_command: one winml command run in process (cli::run_embedded) on a worker
// thread, while the interpreter waits with the GIL released and checks for signals every 50 ms.
// Its stdout, warnings, status lines, rows and written files come back in a dict; progress goes to
// a Python callback as it happens. A KeyboardInterrupt (Ctrl-C) or an exception in the callback
// asks the benchmark to stop after its current iteration, as Ctrl-C does `winml perf`: the run
// ends, writes the report of what finished, and the interruption is raised then.

#include "embedded_commands.h"

#include <pybind11/stl.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "command_line.h"
#include "console_hooks.h"
#include "document/perf_report_document.h"
#include "flag_catalog.h"
#include "perf/progress.h"
#include "platform/interrupt_request.h"
#include "report_names.h"
#include "winml/errors.h"

namespace py = pybind11;

namespace winml::python {
namespace {

const char* phase_name(perf::Phase phase) {
  switch (phase) {
    case perf::Phase::first_run:
      return "first_run";
    case perf::Phase::warmup:
      return "warmup";
    case perf::Phase::timed:
      return "timed";
    case perf::Phase::cold:
      return "cold";
    case perf::Phase::served:
      return "served";
  }
  return "timed";
}

// Hands each event to the Python callback as a dict, taking the GIL for it (the events come from
// the command's thread). The first exception the callback raises is kept, and the run asked to
// stop; nothing more is called after it.
class CallbackEvents final : public perf::ProgressSink {
 public:
  // Made and destroyed by run_command, with the GIL held (its Python objects need it).
  explicit CallbackEvents(py::object callback) : callback_(std::move(callback)) {}
  ~CallbackEvents() override = default;
  CallbackEvents(const CallbackEvents&) = delete;
  CallbackEvents& operator=(const CallbackEvents&) = delete;

  void on_iteration(const perf::ProgressEvent& e) override {
    send("iteration", [&](py::dict& d) {
      d["phase"] = phase_name(e.phase);
      d["index"] = e.index;
      d["total"] = e.total;
      d["budget_s"] = e.budget_s;
      d["iteration_s"] = e.iteration_s;
      d["elapsed_s"] = e.elapsed_s;
    });
  }
  void on_combination(const perf::CombinationEvent& e) override {
    send("combination", [&](py::dict& d) {
      d["index"] = e.index;
      d["total"] = e.total;
      d["label"] = e.label;
      d["round"] = e.round;
      d["rounds"] = e.rounds;
    });
  }
  void on_cooling(double seconds) override {
    send("cooling", [&](py::dict& d) { d["seconds"] = seconds; });
  }
  void on_status(const std::string& message) {
    send("status", [&](py::dict& d) { d["message"] = message; });
  }

  // The callback's exception, raised on the calling thread (with the GIL held).
  void raise_error() {
    if (!error_) return;
    py::error_already_set error = std::move(*error_);
    error_.reset();
    throw error;
  }

 private:
  template <class Fill>
  void send(const char* event, const Fill& fill) {
    if (callback_.is_none() || failed_) return;
    py::gil_scoped_acquire gil;
    try {
      py::dict d;
      d["event"] = event;
      fill(d);
      callback_(d);
    } catch (py::error_already_set& e) {
      error_.emplace(std::move(e));
      failed_ = true;
      platform::take_interrupt_as_stop_request();
    }
  }

  py::object callback_;
  std::optional<py::error_already_set> error_;
  bool failed_ = false;
};

// One command at a time in the process: the console hooks and the stop request are process-wide.
std::mutex g_one_command;

py::dict run_command(std::vector<std::string> arguments, const py::object& on_event) {
  arguments.insert(arguments.begin(), "winml");
  std::unique_lock<std::mutex> one(g_one_command, std::try_to_lock);
  if (!one.owns_lock()) {
    throw UsageError(
        "winml is already running a command in this process (perf.run, compare, sys or bundle.synth on another "
        "thread): wait for it, or run the other in its own process");
  }
  CallbackEvents events(on_event);
  std::string output;
  std::string rows;
  std::vector<std::string> warnings;
  std::optional<std::string> report_path;
  std::optional<std::string> html_path;
  cli::ConsoleHooks hooks;
  hooks.output = [&](std::string_view text) { output += text; };
  hooks.warning = [&](const std::string& message) { warnings.push_back(message); };
  hooks.status = [&](const std::string& message) { events.on_status(message); };
  hooks.written = [&](cli::WrittenFile kind, const std::filesystem::path& path) {
    (kind == cli::WrittenFile::report ? report_path : html_path) = path.string();
  };
  hooks.rows = [&](const std::string& text) { rows = text; };
  hooks.progress = &events;

  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  cli::CommandEnd end;
  std::exception_ptr error;
  std::thread worker([&] {
    try {
      const cli::ConsoleHooksScope scope(hooks);
      end = cli::run_embedded(std::move(arguments));
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
    finished.notify_one();
  });
  bool stop_taken = false;
  std::optional<py::error_already_set> signal_error;
  while (true) {
    {
      py::gil_scoped_release released;
      std::unique_lock<std::mutex> lock(mutex);
      if (finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) break;
    }
    if (!signal_error && PyErr_CheckSignals() != 0) {
      // Kept for after the run: Ctrl-C (or a signal handler's exception) stops the benchmark at
      // its next iteration; loading cannot be cut short, so a request before the timed runs waits
      // for them to begin.
      signal_error.emplace();
      PySys_WriteStderr("\nwinml: stopping after the current iteration to write the report of what finished\n");
    }
    if (signal_error && !stop_taken) stop_taken = platform::take_interrupt_as_stop_request();
  }
  {
    py::gil_scoped_release released;
    worker.join();
  }
  events.raise_error();
  // Ctrl-C comes back as "interrupted", for the caller to raise KeyboardInterrupt with what the
  // report holds; another signal handler's exception is raised as it is.
  if (signal_error && !signal_error->matches(PyExc_KeyboardInterrupt)) throw std::move(*signal_error);
  if (error) std::rethrow_exception(error);
  py::dict result;
  result["code"] = end.code;
  result["message"] = end.message;
  result["output"] = py::bytes(output);
  result["rows"] = rows;
  result["warnings"] = warnings;
  result["report_path"] = report_path;
  result["html_path"] = html_path;
  result["interrupted"] = signal_error.has_value();
  return result;
}

}  // namespace

void bind_embedded_commands(py::module_& module) {
  module.def("_run_command", &run_command, py::arg("argv"), py::arg("on_event") = py::none(),
             "Runs one winml command in this process (argv without the program's name) and returns {code, message, "
             "output (stdout's bytes), rows, warnings, report_path, html_path, interrupted (Ctrl-C came)}. "
             "on_event(dict) gets progress and "
             "status lines. For winml.perf, winml.sys and winml.bundle.");
  module.def(
      "_command_flags",
      [](const std::vector<std::string>& path) {
        py::list flags;
        for (const cli::FlagInfo& flag : cli::command_flags(path)) {
          py::dict d;
          d["name"] = flag.name;
          d["takes_value"] = flag.takes_value;
          d["repeatable"] = flag.repeatable;
          d["negation"] = flag.negation.empty() ? py::object(py::none()) : py::object(py::str(flag.negation));
          d["short_name"] = flag.short_name.empty() ? py::object(py::none()) : py::object(py::str(flag.short_name));
          d["description"] = flag.description;
          d["value_name"] = flag.value_name;
          d["default"] = flag.default_text;
          flags.append(d);
        }
        return flags;
      },
      py::arg("path"),
      "The flags of the winml command `path` names, e.g. ['perf']: [{name, takes_value, repeatable, negation, "
      "short_name, description, value_name, default}], in the order its help lists them.");
  module.def(
      "_report_file",
      [](const std::string& name) {
        // last, last~N as the commands read them; then checked as perf compare checks a report.
        const std::filesystem::path path = cli::report_arguments({name}).front();
        document::read_perf_report(path);
        return path.string();
      },
      py::arg("name"), py::call_guard<py::gil_scoped_release>(),
      "The path of the report `name` names (a path, or last / last~N: the newest under the cache root), checked "
      "to be a winml perf report (UsageError naming the problem otherwise).");
}

}  // namespace winml::python
