#include "report/live_monitor.h"

#include <utility>

#include "report/monitor_line.h"

namespace winml::report {
namespace {

// Carriage return, then "erase to the end of the line" (ECMA-48 EL): Windows consoles take it once
// virtual terminal processing is on, which platform::enable_colour turns on for stderr.
constexpr const char* kReturn = "\r";
constexpr const char* kEraseToEnd = "\x1b[K";

}  // namespace

LiveMonitor::LiveMonitor(std::ostream& out, SampleSource source, MonitorSettings settings)
    : out_(out),
      source_(std::move(source)),
      settings_(settings),
      interval_(settings.interval.value_or(settings.style == MonitorStyle::in_place ? kMonitorInPlaceInterval
                                                                                    : kMonitorPlainInterval)),
      thread_([this] { run(); }) {}

LiveMonitor::~LiveMonitor() { stop(); }

void LiveMonitor::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  std::lock_guard lock(mutex_);
  erase();
}

void LiveMonitor::print_above(const std::function<void()>& print) {
  std::lock_guard lock(mutex_);
  const std::string line = shown_;
  erase();
  print();
  if (!stopping_ && !line.empty()) draw(line);
}

void LiveMonitor::run() {
  std::optional<resources::Sample> previous;
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    lock.unlock();
    // The source is the sampler's, with a lock of its own: not called under this one.
    std::optional<resources::Sample> reading;
    try {
      reading = source_();
    } catch (...) {
      reading.reset();  // a source that fails shows nothing this time; the run goes on
    }
    lock.lock();
    if (stopping_) break;
    if (!reading || (previous && reading->t_s <= previous->t_s)) continue;  // nothing new to show
    if (previous) draw(monitor_line(previous, *reading, settings_.logical_cores));
    previous = reading;
  }
}

void LiveMonitor::draw(const std::string& line) {
  if (settings_.style == MonitorStyle::plain) {
    out_ << line << '\n';
  } else {
    shown_ = settings_.width > 0 && line.size() > settings_.width ? line.substr(0, settings_.width) : line;
    out_ << kReturn << shown_ << kEraseToEnd;
  }
  out_.flush();
}

void LiveMonitor::erase() {
  if (shown_.empty()) return;
  out_ << kReturn << kEraseToEnd;
  out_.flush();
  shown_.clear();
}

}  // namespace winml::report
