#include <windows.h>

#include "platform/process_id.h"

namespace winml::platform {

std::uint64_t current_process_id() { return ::GetCurrentProcessId(); }

}  // namespace winml::platform
