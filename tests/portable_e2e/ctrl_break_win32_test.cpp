// Windows only: Ctrl-Break (and Ctrl-C, the same console event path) stops a `perf` run the way
// SIGINT does on Linux (tests/e2e/cli_perf_interrupt_e2e_test.cpp): the first is a stop request,
// so the run writes the report of what finished, marked "interrupted", exits 130 and leaves no
// temporary file. The run gets its own
// process group on this test's console, so the event reaches winml and not the test.

#include <windows.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "platform/utf8_path.h"
#include "portable_e2e/fixtures.h"
#include "test_support/temp_dir.h"

namespace winml {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::wstring quoted(const std::wstring& text) { return L"\"" + text + L"\""; }

TEST(CtrlBreak, StopsARunAndKeepsWhatFinished) {
  ASSERT_FALSE(test::fixtures().empty());
  test::TempDir dir;
  const fs::path report = dir.path() / "interrupted.json";
  // A console to share: ctest starts the test without one, and console events need one.
  if (::GetConsoleWindow() == nullptr) ::AllocConsole();
  std::wstring command = quoted(test::winml_program().native()) + L" perf -q --no-color -m " +
                         quoted((test::fixtures() / "plain").native()) +
                         L" --duration 60 --warmup 0 -n 4 --no-bandwidth-probe -o " + quoted(report.native());
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  PROCESS_INFORMATION process{};
  const std::wstring cache = (dir.path() / "cache").native();
  ::SetEnvironmentVariableW(L"WINML_CACHE_DIR", cache.c_str());
  ASSERT_NE(::CreateProcessW(nullptr, command.data(), nullptr, nullptr, FALSE, CREATE_NEW_PROCESS_GROUP, nullptr,
                             nullptr, &startup, &process),
            0)
      << "CreateProcessW failed: " << ::GetLastError();
  ::SetEnvironmentVariableW(L"WINML_CACHE_DIR", nullptr);
  std::this_thread::sleep_for(3s);  // loaded and measuring by then (the bundle is tiny)
  EXPECT_EQ(::WaitForSingleObject(process.hProcess, 0), static_cast<DWORD>(WAIT_TIMEOUT)) << "winml ended early";
  if (::GenerateConsoleCtrlEvent(CTRL_BREAK_EVENT, process.dwProcessId) == 0) {
    const DWORD error = ::GetLastError();
    ::TerminateProcess(process.hProcess, 1);
    ::WaitForSingleObject(process.hProcess, 10'000);
    ::CloseHandle(process.hThread);
    ::CloseHandle(process.hProcess);
    // wine 8's console refuses to deliver the event (error 12); real Windows consoles do. Under
    // wine, tests/wine/ctrl_c_under_wine.sh checks the same path from the Linux side.
    GTEST_SKIP() << "this console cannot deliver console control events (GenerateConsoleCtrlEvent error " << error
                 << ")";
  }
  const DWORD waited = ::WaitForSingleObject(process.hProcess, 30'000);
  if (waited == WAIT_TIMEOUT) ::TerminateProcess(process.hProcess, 1);
  DWORD code = 0;
  ::GetExitCodeProcess(process.hProcess, &code);
  ::CloseHandle(process.hThread);
  ::CloseHandle(process.hProcess);
  ASSERT_EQ(waited, static_cast<DWORD>(WAIT_OBJECT_0)) << "winml kept running 30 s after Ctrl-Break";
  EXPECT_EQ(code, 130u) << std::hex << code;
  EXPECT_TRUE(fs::exists(report)) << "no report of the iterations that finished";
  for (const auto& entry : fs::directory_iterator(dir.path())) {
    EXPECT_EQ(entry.path().filename().native().find(L".tmp-"), std::wstring::npos)
        << "left behind: " << platform::utf8_string(entry.path());
  }
}

}  // namespace
}  // namespace winml
