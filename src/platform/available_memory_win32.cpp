// read_available_memory on Windows: the physical memory GlobalMemoryStatusEx says is available.
#include <windows.h>

#include "platform/available_memory.h"

namespace winml::platform {

std::uint64_t read_available_memory() {
  MEMORYSTATUSEX memory{};
  memory.dwLength = sizeof memory;
  return ::GlobalMemoryStatusEx(&memory) != 0 ? memory.ullAvailPhys : 0;
}

}  // namespace winml::platform
