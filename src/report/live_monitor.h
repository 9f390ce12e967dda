#pragma once
/// \file
/// `winml perf --monitor`: a thread that shows the resource sampler's newest reading as one line
/// on a stream (stderr) while the timed runs go on. On a terminal the line is rewritten in place
/// about once a second; to a file or a pipe it is a plain line every kMonitorPlainInterval, so a
/// log of a long run is not flooded. Definitions: docs/metrics.md, "Live monitor".

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <thread>

#include "resources/sample.h"

namespace winml::report {

/// Where the monitor's readings come from: the sampler's newest one (resources::Sampler::latest),
/// empty before its first. Called from the monitor's thread, so it must be thread-safe.
using SampleSource = std::function<std::optional<resources::Sample>()>;

/// How the line is shown.
enum class MonitorStyle {
  in_place,  ///< a terminal: carriage return, the line, clear to its end; cleared when the monitor stops
  plain,     ///< a file or a pipe: one whole line per update
};

/// How often the line is redrawn on a terminal.
inline constexpr std::chrono::milliseconds kMonitorInPlaceInterval{1000};
/// How often a plain line is written: a log of an hour-long run gets 360 of them.
inline constexpr std::chrono::milliseconds kMonitorPlainInterval{10000};

/// The live line's settings.
struct MonitorSettings {
  MonitorStyle style = MonitorStyle::plain;
  unsigned logical_cores = 0;  ///< the machine's, for "machine 1.98 of 2 cores"; 0 shows a percentage
  std::size_t width =
      0;  ///< in place: the line is cut to this many columns (a wrapped line cannot be rewritten); 0 no cut
  /// Time between updates; unset: kMonitorInPlaceInterval or kMonitorPlainInterval by style.
  std::optional<std::chrono::milliseconds> interval;
};

/// Shows report::monitor_line of the source's readings on `out` from its own thread, started by
/// the constructor. A line is written only for a reading newer than the last one shown, and only
/// from the second on (a rate needs two). Stopping (stop() or the destructor) wakes and joins the
/// thread at once, and in place erases the line, so what is printed next starts on a clean line;
/// nothing is written after stop() returns.
class LiveMonitor {
 public:
  LiveMonitor(std::ostream& out, SampleSource source, MonitorSettings settings);
  ~LiveMonitor();
  LiveMonitor(const LiveMonitor&) = delete;
  LiveMonitor& operator=(const LiveMonitor&) = delete;

  /// Stops the thread and, in place, erases the line. Idempotent.
  void stop();

  /// Runs `print`, which writes whole lines to the same terminal (progress, a warning), without
  /// garbling the live line: in place the line is erased first and drawn again below what `print`
  /// wrote. The monitor's thread waits meanwhile. After stop(), `print` just runs.
  void print_above(const std::function<void()>& print);

 private:
  void run();
  void draw(const std::string& line);  // under mutex_
  void erase();                        // under mutex_

  std::ostream& out_;
  SampleSource source_;
  MonitorSettings settings_;
  std::chrono::milliseconds interval_;
  std::mutex mutex_;  // guards out_, the fields below, and the stream's writes
  std::condition_variable wake_;
  bool stopping_ = false;
  std::string shown_;  // the line on the terminal now (in place); empty when none
  std::thread thread_;
};

}  // namespace winml::report
