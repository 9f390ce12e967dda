#pragma once
// For subprocess only: how a child that did not exit by itself ended, for messages.

#include <string>

namespace winml::platform {

/// "was killed by signal 11 (Segmentation fault)" on POSIX. On Windows, where ProcessResult::signal
/// holds the exception code (an NTSTATUS) the child ended with, "crashed with exception 0xC0000005
/// (access violation)".
std::string describe_signal(int signal);

}  // namespace winml::platform
