#include <windows.h>
// windows.h first: the headers below use its types.
#include <tlhelp32.h>

#include <cstdlib>
#include <thread>

#include "platform/parent_death.h"

namespace winml::platform {
namespace {

// The id of the process that started this one, from a snapshot of the process list; 0 when absent.
DWORD parent_process_id() {
  HANDLE snapshot = ::CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0);
  if (snapshot == INVALID_HANDLE_VALUE) return 0;
  PROCESSENTRY32W entry{};
  entry.dwSize = sizeof entry;
  DWORD parent = 0;
  const DWORD self = ::GetCurrentProcessId();
  for (BOOL more = ::Process32FirstW(snapshot, &entry); more != 0; more = ::Process32NextW(snapshot, &entry)) {
    if (entry.th32ProcessID == self) {
      parent = entry.th32ParentProcessID;
      break;
    }
  }
  ::CloseHandle(snapshot);
  return parent;
}

ULONGLONG creation_time(HANDLE process) {
  FILETIME created{};
  FILETIME exited{};
  FILETIME kernel{};
  FILETIME user{};
  if (::GetProcessTimes(process, &created, &exited, &kernel, &user) == 0) return 0;
  return (ULONGLONG{created.dwHighDateTime} << 32) | created.dwLowDateTime;
}

}  // namespace

// Windows has no parent-death signal. A child that run_process started is in a job object that
// kills it when the parent's handle to the job closes, which happens however the parent ends;
// this covers a worker started any other way: a thread waits on the parent and ends the process.
void die_with_parent() {
  BOOL in_job = FALSE;
  if (::IsProcessInJob(::GetCurrentProcess(), nullptr, &in_job) != 0 && in_job != FALSE) {
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    if (::QueryInformationJobObject(nullptr, JobObjectExtendedLimitInformation, &limits, sizeof limits, nullptr) != 0 &&
        (limits.BasicLimitInformation.LimitFlags & JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE) != 0) {
      return;
    }
  }
  const DWORD parent_id = parent_process_id();
  HANDLE parent =
      parent_id == 0 ? nullptr : ::OpenProcess(SYNCHRONIZE | PROCESS_QUERY_LIMITED_INFORMATION, FALSE, parent_id);
  // Process ids are reused: a "parent" created after us is another process that got a dead
  // parent's id, so ours is gone already.
  if (parent == nullptr || creation_time(parent) > creation_time(::GetCurrentProcess()) ||
      ::WaitForSingleObject(parent, 0) == WAIT_OBJECT_0) {
    std::_Exit(1);
  }
  std::thread([parent] {
    ::WaitForSingleObject(parent, INFINITE);
    std::_Exit(1);
  }).detach();
}

void crash_by_signal() {}

}  // namespace winml::platform
