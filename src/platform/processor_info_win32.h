#pragma once
// For the *_win32.cpp files only: the processor topology records Windows keeps, one relationship
// (cores, caches, ...) at a time.

#include <windows.h>

#include <functional>

namespace winml::platform::win32 {

/// Calls `visit` for each record of kind `relationship` that GetLogicalProcessorInformationEx
/// returns, across all processor groups. Returns false when Windows cannot list them.
bool for_each_processor_record(LOGICAL_PROCESSOR_RELATIONSHIP relationship,
                               const std::function<void(const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX&)>& visit);

}  // namespace winml::platform::win32
