#pragma once
// For the *_win32.cpp files only: winml's text is UTF-8, Win32's "W" functions take UTF-16.
// Every conversion at that boundary goes through here, so non-ASCII paths and values survive
// whatever the process's ANSI code page is.

#include <string>
#include <string_view>

namespace winml::platform::win32 {

/// UTF-8 `text` as UTF-16; invalid sequences become U+FFFD.
std::wstring widen(std::string_view text);

/// UTF-16 `text` as UTF-8; unpaired surrogates become U+FFFD.
std::string narrow(std::wstring_view text);

/// The system's message for a Win32 error code (GetLastError()), as UTF-8 without the trailing
/// line end, e.g. "The system cannot find the file specified."
std::string error_text(unsigned long code);

}  // namespace winml::platform::win32
