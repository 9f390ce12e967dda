#pragma once
/// \file
/// The text of `winml perf --monitor`'s live line: what the run uses right now, from two
/// consecutive readings of the resource sampler. Pure, so every field is tested without a thread
/// or a terminal; report/live_monitor.h prints it.

#include <optional>
#include <string>

#include "resources/sample.h"

namespace winml::report {

/// "monitor: CPU 1.93 cores | machine 1.98 of 2 cores | RSS 812.4 MiB | device 45 % | device memory
/// 1.2 GiB | power 12.4 W". Rates (this process's CPU seconds per second, the machine's busy
/// cores, watts) are over the interval from `previous` to `current`; levels (RSS, device
/// utilisation and memory) are `current`'s. A field the readings do not give is left out: rates
/// without a `previous` or an interval of no time, the machine's CPU where the system gives no
/// machine-wide counters, device and power fields where no source reads them. `logical_cores` 0
/// shows the machine's CPU as a percentage of every core instead of a count. Plain ASCII, so that
/// a cut to the terminal's width is a cut in columns.
std::string monitor_line(const std::optional<resources::Sample>& previous, const resources::Sample& current,
                         unsigned logical_cores);

}  // namespace winml::report
