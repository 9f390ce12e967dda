#include <stdlib.h>
#include <windows.h>

#include <vector>

#include "platform/environment.h"
#include "platform/utf16_win32.h"
#include "winml/errors.h"

namespace winml::platform {

void set_environment_variable(const std::string& name, const std::string& value) {
  const std::wstring wide_name = win32::widen(name);
  const std::wstring wide_value = win32::widen(value);
  // The process's environment block is what GetEnvironmentVariableW, child processes and libraries
  // with their own C runtime read; _wputenv_s also updates our C runtime's copy, which getenv reads.
  if (::SetEnvironmentVariableW(wide_name.c_str(), wide_value.c_str()) == 0 ||
      ::_wputenv_s(wide_name.c_str(), wide_value.c_str()) != 0) {
    throw Error(ErrorCategory::runtime, "cannot set the environment variable " + name + ": " +
                                            win32::error_text(::GetLastError()) +
                                            " The environment may be full; unset unused variables and retry.");
  }
}

std::optional<std::string> environment_variable(const std::string& name) {
  const std::wstring wide_name = win32::widen(name);
  std::vector<wchar_t> buffer(256);
  while (true) {
    const DWORD length = ::GetEnvironmentVariableW(wide_name.c_str(), buffer.data(), static_cast<DWORD>(buffer.size()));
    if (length == 0) return std::nullopt;  // unset, or set to the empty string
    if (length < buffer.size()) return win32::narrow(std::wstring_view(buffer.data(), length));
    buffer.resize(length);  // too small: length is the size needed, terminator included
  }
}

}  // namespace winml::platform
