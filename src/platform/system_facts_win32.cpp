// read_system_facts on Windows: the registry (processor name, edition), RtlGetVersion (the true
// version: GetVersionEx reports what the program's manifest claims to support), and
// GlobalMemoryStatusEx.
#include <windows.h>

#include <string>

#include "platform/system_facts.h"
#include "platform/utf16_win32.h"

namespace winml::platform {
namespace {

// A REG_SZ value under HKEY_LOCAL_MACHINE; empty when absent.
std::string registry_text(const wchar_t* key, const wchar_t* name) {
  wchar_t buffer[512] = {};
  DWORD size = sizeof buffer;
  if (::RegGetValueW(HKEY_LOCAL_MACHINE, key, name, RRF_RT_REG_SZ, nullptr, buffer, &size) != ERROR_SUCCESS) return {};
  std::wstring text(buffer);
  const auto last = text.find_last_not_of(L' ');  // Intel pads ProcessorNameString with blanks
  return win32::narrow(text.substr(0, last == std::wstring::npos ? 0 : last + 1));
}

DWORD registry_number(const wchar_t* key, const wchar_t* name) {
  DWORD value = 0;
  DWORD size = sizeof value;
  if (::RegGetValueW(HKEY_LOCAL_MACHINE, key, name, RRF_RT_REG_DWORD, nullptr, &value, &size) != ERROR_SUCCESS)
    return 0;
  return value;
}

using RtlGetVersionFunction = LONG(WINAPI*)(OSVERSIONINFOW*);

OSVERSIONINFOW true_version() {
  OSVERSIONINFOW version{};
  version.dwOSVersionInfoSize = sizeof version;
  if (HMODULE ntdll = ::GetModuleHandleW(L"ntdll.dll"); ntdll != nullptr) {
    auto* get =
        reinterpret_cast<RtlGetVersionFunction>(reinterpret_cast<void*>(::GetProcAddress(ntdll, "RtlGetVersion")));
    if (get != nullptr) get(&version);
  }
  return version;
}

// "Windows 11 Pro 23H2". The registry's ProductName still says "Windows 10" on Windows 11 (build
// 22000 and later), so the name is corrected from the build number.
std::string os_name(const OSVERSIONINFOW& version) {
  constexpr const wchar_t* kKey = L"SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion";
  std::string name = registry_text(kKey, L"ProductName");
  if (name.empty()) name = "Windows";
  if (version.dwMajorVersion == 10 && version.dwBuildNumber >= 22000 && name.starts_with("Windows 10")) {
    name.replace(0, 10, "Windows 11");
  }
  std::string release = registry_text(kKey, L"DisplayVersion");  // "23H2"; older builds: ReleaseId "2004"
  if (release.empty()) release = registry_text(kKey, L"ReleaseId");
  return release.empty() ? name : name + " " + release;
}

std::string architecture() {
  SYSTEM_INFO info{};
  ::GetNativeSystemInfo(&info);  // the machine's, also when an x64 build runs emulated on Arm
  switch (info.wProcessorArchitecture) {
    case PROCESSOR_ARCHITECTURE_AMD64:
      return "x86_64";
    case PROCESSOR_ARCHITECTURE_ARM64:
      return "aarch64";
    case PROCESSOR_ARCHITECTURE_INTEL:
      return "i686";
    case PROCESSOR_ARCHITECTURE_ARM:
      return "arm";
    default:
      return {};
  }
}

// The DNS host name (what `hostname` prints); empty when Windows does not say.
std::string host_name() {
  wchar_t name[256] = {};
  DWORD size = sizeof name / sizeof name[0];
  if (::GetComputerNameExW(ComputerNameDnsHostname, name, &size) == 0) return {};
  return win32::narrow(std::wstring_view(name, size));
}

}  // namespace

SystemFacts read_system_facts() {
  SystemFacts facts;
  facts.cpu_model = registry_text(L"HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0", L"ProcessorNameString");
  MEMORYSTATUSEX memory{};
  memory.dwLength = sizeof memory;
  if (::GlobalMemoryStatusEx(&memory) != 0) facts.memory_total_bytes = memory.ullTotalPhys;
  const OSVERSIONINFOW version = true_version();
  facts.os = os_name(version);
  if (version.dwMajorVersion != 0) {
    // The update revision (UBR) tells patch levels apart: "Windows 10.0.22631.3447".
    const DWORD revision = registry_number(L"SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion", L"UBR");
    facts.kernel = "Windows " + std::to_string(version.dwMajorVersion) + "." + std::to_string(version.dwMinorVersion) +
                   "." + std::to_string(version.dwBuildNumber) + (revision != 0 ? "." + std::to_string(revision) : "");
  }
  facts.arch = architecture();
  facts.host_name = host_name();
  return facts;
}

}  // namespace winml::platform
