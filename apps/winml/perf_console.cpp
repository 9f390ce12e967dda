#include "perf_console.h"

#include <utility>

#include "platform/cpu_cores.h"
#include "platform/terminal.h"
#include "platform/terminal_columns.h"

namespace winml::cli {

void PerfConsole::start_monitor(report::SampleSource source) {
  if (!monitor_wanted_ || monitor_) return;
  report::MonitorSettings settings;
  // In place needs "erase to the end of the line", which a Windows console takes only with virtual
  // terminal processing on (colour or not); a console that refuses gets plain lines.
  const bool terminal = platform::is_terminal(platform::StandardStream::error) &&
                        platform::enable_colour(platform::StandardStream::error);
  settings.style = terminal ? report::MonitorStyle::in_place : report::MonitorStyle::plain;
  settings.logical_cores = platform::read_cpu_cores().logical;
  if (const auto columns = platform::terminal_columns(platform::StandardStream::error); terminal && columns) {
    // One column short of the window: a line that fills it wraps on some terminals, and a wrapped
    // line cannot be rewritten with a carriage return.
    if (*columns > 1) settings.width = static_cast<std::size_t>(*columns - 1);
  }
  monitor_ = std::make_unique<report::LiveMonitor>(std::cerr, std::move(source), settings);
}

}  // namespace winml::cli
