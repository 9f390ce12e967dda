#include "platform/c_file.h"

namespace winml::platform {

std::FILE* open_c_file(const std::filesystem::path& path, const char* mode) { return std::fopen(path.c_str(), mode); }

}  // namespace winml::platform
