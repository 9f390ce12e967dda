#pragma once
/// \file
/// Ctrl-C as a request to stop, while a benchmark measures. Normally a SIGINT (Ctrl-C, Ctrl-Break
/// on Windows) ends the process at once (signal_cleanup.h). While a StopOnInterrupt is alive, the
/// first one only sets a flag that the benchmark polls between iterations, so the iterations that
/// finished are kept and reported; a second one ends the process as before. SIGTERM and SIGHUP
/// always end it: a kill or a closed terminal is no request to write a report.

namespace winml::platform {

/// While alive, the first Ctrl-C is a stop request (see interrupt_requested) instead of the end of
/// the process. Not nestable: one at a time (the one `winml perf` holds around its benchmark).
class StopOnInterrupt {
 public:
  StopOnInterrupt() noexcept;
  ~StopOnInterrupt();
  StopOnInterrupt(const StopOnInterrupt&) = delete;
  StopOnInterrupt& operator=(const StopOnInterrupt&) = delete;
};

/// True once a Ctrl-C arrived while a StopOnInterrupt was alive (and until the next one is made).
/// Async-signal-safe and cheap: one relaxed atomic load.
bool interrupt_requested() noexcept;

/// What the handler writes to stderr when it takes a Ctrl-C as a stop request, so the user knows
/// it was heard while the current iteration finishes (written with write(2) / WriteFile, which
/// are safe in a handler).
inline constexpr char kStopRequestNotice[] =
    "\nwinml: stopping after the current iteration to write the report of what finished; press Ctrl-C "
    "again to stop at once\n";

/// For the signal handlers, and for a host that owns SIGINT itself (the Python package, which
/// takes the interpreter's KeyboardInterrupt as a request): true when this Ctrl-C is taken as a
/// stop request (a StopOnInterrupt is alive and no request was made yet), so the handler returns
/// and the process goes on; false when the process should end (a host: when there is nothing to
/// stop yet, or it was asked already). Async-signal-safe.
bool take_interrupt_as_stop_request() noexcept;

}  // namespace winml::platform
