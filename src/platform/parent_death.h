#pragma once
/// \file
/// Lets a helper process die with its parent. A compile worker whose parent was killed must not
/// keep the accelerator busy for minutes, nor write files nobody will read.

namespace winml::platform {

/// Asks the kernel to SIGKILL this process when the thread that spawned it ends, and exits at
/// once (status 1) if the parent is already gone. On Linux "gone" is also told by the output pipe
/// that run_process() gives a child: with no reader left, whoever started us has died, even when
/// that happened before main() and getppid() already names whoever adopted us. Call first thing
/// in main().
void die_with_parent();

/// Makes a crash of this process end it by its signal (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT
/// back to their default action), so that the parent sees "killed by signal 11" rather than an
/// exit code that a handler (a sanitizer's, a runtime's) chose. For a helper whose parent tells a
/// crash from a failure (the EP library probe). No-op on Windows, where an unhandled exception
/// already ends the process with its code.
void crash_by_signal();

}  // namespace winml::platform
