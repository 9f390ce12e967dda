#include <windows.h>

#include <string>
#include <vector>

#include "platform/file_version.h"

namespace winml::platform {

std::string declared_file_version(const std::filesystem::path& file) {
  DWORD ignored = 0;
  const DWORD size = ::GetFileVersionInfoSizeW(file.c_str(), &ignored);
  if (size == 0) return {};
  std::vector<unsigned char> data(size);
  if (::GetFileVersionInfoW(file.c_str(), 0, size, data.data()) == 0) return {};
  VS_FIXEDFILEINFO* info = nullptr;
  UINT length = 0;
  if (::VerQueryValueW(data.data(), L"\\", reinterpret_cast<void**>(&info), &length) == 0 || info == nullptr ||
      length < sizeof(VS_FIXEDFILEINFO)) {
    return {};
  }
  // The fourth part (the build revision) is left out: packages are versioned by the first three.
  return std::to_string(HIWORD(info->dwFileVersionMS)) + "." + std::to_string(LOWORD(info->dwFileVersionMS)) + "." +
         std::to_string(HIWORD(info->dwFileVersionLS));
}

}  // namespace winml::platform
