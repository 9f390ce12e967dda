#include <windows.h>
// <shellapi.h> needs <windows.h> first.
#include <shellapi.h>

#include "platform/command_line.h"
#include "platform/utf16_win32.h"

namespace winml::platform {

std::vector<std::string> utf8_arguments(int argc, char** argv) {
  int count = 0;
  wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
  // Parsed the way the C runtime split argv; should the two disagree (a runtime with other quoting
  // rules), the C runtime's split is kept, in the ANSI code page.
  if (wide == nullptr || count != argc) {
    if (wide != nullptr) ::LocalFree(wide);
    return {argv, argv + argc};
  }
  std::vector<std::string> arguments;
  arguments.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) arguments.push_back(win32::narrow(wide[i]));
  ::LocalFree(wide);
  return arguments;
}

}  // namespace winml::platform
