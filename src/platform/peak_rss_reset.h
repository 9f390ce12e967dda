#pragma once
/// \file
/// Resetting this process's peak resident set (VmHWM) to its current resident set, so that a
/// large, short-lived allocation (the memory-bandwidth probe's arrays) does not stand as the peak
/// of the work measured after it.

namespace winml::platform {

/// Resets VmHWM to the current VmRSS (Linux: writes "5" to /proc/self/clear_refs, Linux 4.0 and
/// later). Returns false when the system cannot (no such file, not writable; always on Windows,
/// which has no way to reset a process's peak working set); never throws.
bool reset_peak_rss();

}  // namespace winml::platform
