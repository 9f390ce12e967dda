#include <windows.h>

#include "platform/interrupt_request.h"
#include "platform/remove_file_now.h"
#include "platform/signal_cleanup.h"
#include "platform/utf16_win32.h"

namespace winml::platform {
namespace {

// Runs on a thread the system starts for the event. Ctrl-C and Ctrl-Break end the process with
// STATUS_CONTROL_C_EXIT, the exit a console user and a calling script expect from Ctrl-C, as
// re-raising SIGINT gives on POSIX. Windows' default handler would do the same; ending here makes
// it so under every console host (wine's exits with 0, which a script would read as success).
// The other events are handed on (FALSE): the system ends the process after them anyway.
BOOL WINAPI on_console_event(DWORD event) {
  switch (event) {
    case CTRL_C_EVENT:      // SIGINT
    case CTRL_BREAK_EVENT:  // SIGINT, from a program (GenerateConsoleCtrlEvent) or Ctrl-Break
      // While a benchmark measures, the first asks it to stop and report (interrupt_request.h).
      if (take_interrupt_as_stop_request()) {
        DWORD written = 0;
        ::WriteFile(::GetStdHandle(STD_ERROR_HANDLE), kStopRequestNotice, sizeof kStopRequestNotice - 1, &written,
                    nullptr);
        return TRUE;
      }
      remove_registered_temp_paths();
      ::ExitProcess(static_cast<UINT>(STATUS_CONTROL_C_EXIT));
    case CTRL_CLOSE_EVENT:     // SIGHUP: the console window is closing
    case CTRL_LOGOFF_EVENT:    // SIGTERM
    case CTRL_SHUTDOWN_EVENT:  // SIGTERM
      remove_registered_temp_paths();
      break;
    default:
      break;
  }
  return FALSE;
}

}  // namespace

void remove_file_now(const char* path) noexcept {
  try {
    ::DeleteFileW(win32::widen(path).c_str());
  } catch (...) {
    // Out of memory while converting the name: the next run's sweep removes the file.
  }
}

void remove_temp_files_on_signal() {
  // A process started with Ctrl-C ignored (SetConsoleCtrlHandler(NULL, TRUE) inherited, or a new
  // process group) keeps ignoring it: the system does not call handlers for an ignored Ctrl-C.
  ::SetConsoleCtrlHandler(on_console_event, TRUE);
}

}  // namespace winml::platform
