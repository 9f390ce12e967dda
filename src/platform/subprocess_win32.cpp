#include <windows.h>

#include <algorithm>
#include <chrono>
#include <cwchar>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "platform/describe_signal.h"
#include "platform/subprocess.h"
#include "platform/utf16_win32.h"
#include "winml/errors.h"

namespace winml::platform {
namespace {

using Clock = std::chrono::steady_clock;

// Owns a handle so every early return closes it.
struct Handle {
  HANDLE handle = nullptr;
  Handle() = default;
  explicit Handle(HANDLE h) : handle(h == INVALID_HANDLE_VALUE ? nullptr : h) {}
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() { reset(); }
  void reset() {
    if (handle != nullptr) ::CloseHandle(handle);
    handle = nullptr;
  }
};

// Environment variable names are case-insensitive on Windows ("Path" and "PATH" are one variable).
struct NameLess {
  bool operator()(const std::wstring& a, const std::wstring& b) const {
    return ::CompareStringOrdinal(a.c_str(), static_cast<int>(a.size()), b.c_str(), static_cast<int>(b.size()), TRUE) ==
           CSTR_LESS_THAN;
  }
};

// Our environment with the overrides applied, as the sorted, double-NUL-terminated UTF-16 block
// CreateProcessW takes.
std::wstring child_environment(const std::vector<std::pair<std::string, std::string>>& overrides) {
  std::map<std::wstring, std::wstring, NameLess> vars;
  if (wchar_t* block = ::GetEnvironmentStringsW(); block != nullptr) {
    for (const wchar_t* entry = block; *entry != L'\0'; entry += std::wcslen(entry) + 1) {
      const std::wstring_view text(entry);
      // Names start after position 0: the hidden per-drive entries look like "=C:=C:\work".
      const auto eq = text.find(L'=', 1);
      if (eq != std::wstring_view::npos) vars[std::wstring(text.substr(0, eq))] = std::wstring(text.substr(eq + 1));
    }
    ::FreeEnvironmentStringsW(block);
  }
  for (const auto& [name, value] : overrides) vars[win32::widen(name)] = win32::widen(value);
  std::wstring out;
  for (const auto& [name, value] : vars) {
    out += name;
    out += L'=';
    out += value;
    out += L'\0';
  }
  out += L'\0';
  return out;
}

// One argument as the C runtime's command-line parser (CommandLineToArgvW's rules) will read it
// back: quoted when it holds blanks or quotes, with backslashes doubled only before a quote.
void append_argument(std::wstring& line, const std::wstring& arg) {
  if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
    line += arg;
    return;
  }
  line += L'"';
  std::size_t backslashes = 0;
  for (wchar_t c : arg) {
    if (c == L'\\') {
      ++backslashes;
      continue;
    }
    // Backslashes before a quote are doubled and the quote escaped; elsewhere they are literal.
    line.append(c == L'"' ? 2 * backslashes + 1 : backslashes, L'\\');
    backslashes = 0;
    line += c;
  }
  line.append(2 * backslashes, L'\\');  // before the closing quote
  line += L'"';
}

std::wstring command_line(const std::vector<std::string>& argv) {
  std::wstring line;
  for (const auto& arg : argv) {
    if (!line.empty()) line += L' ';
    append_argument(line, win32::widen(arg));
  }
  return line;
}

// A job that kills every process in it when its last handle closes: on a timeout, when the child
// exits leaving helpers behind, and when this process dies however it dies.
// Null when Windows refuses one; the child is then killed alone.
HANDLE kill_on_close_job() {
  HANDLE job = ::CreateJobObjectW(nullptr, nullptr);
  if (job == nullptr) return nullptr;
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
  limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  if (::SetInformationJobObject(job, JobObjectExtendedLimitInformation, &limits, sizeof limits) == 0) {
    ::CloseHandle(job);
    return nullptr;
  }
  return job;
}

[[noreturn]] void setup_failed(const char* what) {
  throw Error(ErrorCategory::runtime, fmt::format("cannot {} for a child process: {} Close some programs and retry.",
                                                  what, win32::error_text(::GetLastError())));
}

// Reads the pipe to its end (when every process holding its write end is gone), keeping the tail.
void read_all(HANDLE pipe, std::string& output, std::size_t limit) {
  char buffer[4096];
  DWORD n = 0;
  while (::ReadFile(pipe, buffer, sizeof buffer, &n, nullptr) != 0 && n > 0) {
    output.append(buffer, n);
    if (output.size() > 2 * limit) output.erase(0, output.size() - limit);
  }
}

// NTSTATUS values with severity "error" (0xC...): the process ended by an exception or Ctrl-C.
constexpr DWORD kExceptionSeverity = 0xC0000000;

}  // namespace

ProcessResult run_process(const ProcessOptions& options) {
  ProcessResult result;
  if (options.argv.empty()) {
    result.error = "no program given";
    return result;
  }
  SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE read_raw = nullptr;
  HANDLE write_raw = nullptr;
  if (::CreatePipe(&read_raw, &write_raw, &inheritable, 0) == 0) setup_failed("create a pipe");
  Handle read_end(read_raw);
  Handle write_end(write_raw);
  ::SetHandleInformation(read_end.handle, HANDLE_FLAG_INHERIT, 0);
  Handle null_input(
      ::CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, &inheritable, OPEN_EXISTING, 0, nullptr));
  if (null_input.handle == nullptr) setup_failed("open the null device");

  // Only these two handles reach the child, even while other threads create inheritable ones.
  HANDLE inherited[] = {null_input.handle, write_end.handle};
  SIZE_T list_size = 0;
  ::InitializeProcThreadAttributeList(nullptr, 1, 0, &list_size);
  std::vector<unsigned char> list_memory(list_size);
  auto* attributes = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(list_memory.data());
  if (::InitializeProcThreadAttributeList(attributes, 1, 0, &list_size) == 0) setup_failed("prepare the handles");
  ::UpdateProcThreadAttribute(attributes, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, inherited, sizeof inherited, nullptr,
                              nullptr);
  STARTUPINFOEXW startup{};
  startup.StartupInfo.cb = sizeof startup;
  startup.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
  startup.StartupInfo.hStdInput = null_input.handle;
  startup.StartupInfo.hStdOutput = write_end.handle;
  startup.StartupInfo.hStdError = write_end.handle;
  startup.lpAttributeList = attributes;

  Handle job(kill_on_close_job());
  std::wstring line = command_line(options.argv);
  std::wstring environment = child_environment(options.env);
  // Suspended until it is in the job, so nothing it starts can escape. A new process group: like
  // the POSIX child's own process group, a Ctrl-C typed at the console reaches winml, not the
  // child, which then ends with winml's job.
  const DWORD flags =
      CREATE_SUSPENDED | CREATE_UNICODE_ENVIRONMENT | CREATE_NEW_PROCESS_GROUP | EXTENDED_STARTUPINFO_PRESENT;
  PROCESS_INFORMATION process{};
  const auto start = Clock::now();
  const BOOL started = ::CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE, flags, environment.data(),
                                        nullptr, &startup.StartupInfo, &process);
  ::DeleteProcThreadAttributeList(attributes);
  if (started == 0) {
    result.error = fmt::format("{}: {}", options.argv[0], win32::error_text(::GetLastError()));
    return result;
  }
  Handle child(process.hProcess);
  Handle thread(process.hThread);
  const bool in_job = job.handle != nullptr && ::AssignProcessToJobObject(job.handle, child.handle) != 0;
  ::ResumeThread(thread.handle);
  write_end.reset();  // the child holds the only write end now: the pipe ends when it (and its helpers) do

  std::string output;
  std::thread reader([&] { read_all(read_end.handle, output, options.output_limit); });
  const DWORD wait =
      options.timeout ? static_cast<DWORD>(std::min<long long>(options.timeout->count(), INFINITE - 1)) : INFINITE;
  const bool timed_out = ::WaitForSingleObject(child.handle, wait) == WAIT_TIMEOUT;
  // Whatever is left of the child's job (a timed-out child, or helpers it left behind) ends now.
  if (in_job) {
    ::TerminateJobObject(job.handle, 1);
  } else if (timed_out) {
    ::TerminateProcess(child.handle, 1);
  }
  ::WaitForSingleObject(child.handle, INFINITE);
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  reader.join();
  result.output = std::move(output);
  if (result.output.size() > options.output_limit) {
    result.output.erase(0, result.output.size() - options.output_limit);
  }
  DWORD code = 0;
  ::GetExitCodeProcess(child.handle, &code);
  if (timed_out) {
    result.status = ExitStatus::timed_out;
  } else if (code >= kExceptionSeverity) {
    result.signal = static_cast<int>(code);
    result.status = ExitStatus::signaled;
  } else {
    result.exit_code = static_cast<int>(code);
    result.status = code == 0 ? ExitStatus::success : ExitStatus::failure;
  }
  return result;
}

std::string describe_signal(int signal) {
  const auto code = static_cast<DWORD>(signal);
  const char* name = "";
  switch (code) {
    case 0xC0000005:
      name = " (access violation)";
      break;
    case 0xC00000FD:
      name = " (stack overflow)";
      break;
    case 0xC000001D:
      name = " (illegal instruction)";
      break;
    case 0xC0000094:
      name = " (integer division by zero)";
      break;
    case 0xC0000409:
      name = " (fail-fast exit, e.g. abort() or a detected buffer overrun)";
      break;
    case 0xC000013A:
      return "was ended by Ctrl-C (0xC000013A)";
    default:
      break;
  }
  return fmt::format("crashed with exception 0x{:08X}{}", code, name);
}

}  // namespace winml::platform
