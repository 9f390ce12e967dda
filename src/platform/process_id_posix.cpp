#include "platform/process_id.h"

#include <unistd.h>

namespace winml::platform {

std::uint64_t current_process_id() { return static_cast<std::uint64_t>(::getpid()); }

}  // namespace winml::platform
