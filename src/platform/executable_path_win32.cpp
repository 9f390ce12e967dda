#include "platform/executable_path.h"
#include "platform/module_path_win32.h"

namespace winml::platform {

std::filesystem::path current_executable_path() { return win32::module_path(nullptr); }

}  // namespace winml::platform
