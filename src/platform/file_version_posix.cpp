#include "platform/file_version.h"

namespace winml::platform {

std::string declared_file_version(const std::filesystem::path& /*file*/) { return {}; }

}  // namespace winml::platform
