#include "platform/processor_info_win32.h"

#include <vector>

namespace winml::platform::win32 {

bool for_each_processor_record(LOGICAL_PROCESSOR_RELATIONSHIP relationship,
                               const std::function<void(const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX&)>& visit) {
  DWORD size = 0;
  ::GetLogicalProcessorInformationEx(relationship, nullptr, &size);
  if (::GetLastError() != ERROR_INSUFFICIENT_BUFFER || size == 0) return false;
  std::vector<unsigned char> buffer(size);
  auto* first = reinterpret_cast<SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX*>(buffer.data());
  if (::GetLogicalProcessorInformationEx(relationship, first, &size) == 0) return false;
  // Records have different sizes; each says how long it is.
  for (DWORD offset = 0; offset < size;) {
    const auto* record = reinterpret_cast<const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX*>(buffer.data() + offset);
    if (record->Size == 0) break;
    if (record->Relationship == relationship) visit(*record);
    offset += record->Size;
  }
  return true;
}

}  // namespace winml::platform::win32
