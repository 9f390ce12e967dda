#include <stdio.h>

#include <string>

#include "platform/c_file.h"

namespace winml::platform {

std::FILE* open_c_file(const std::filesystem::path& path, const char* mode) {
  const std::wstring wide_mode(mode, mode + std::char_traits<char>::length(mode));  // ASCII: "rb", "wb"
  return ::_wfopen(path.c_str(), wide_mode.c_str());
}

}  // namespace winml::platform
