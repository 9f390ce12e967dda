#include <time.h>

#include "platform/local_time.h"

namespace winml::platform {

// The C runtime's _s variants take their arguments the other way round from C11's.
std::tm local_fields(std::time_t t) {
  std::tm fields{};
  ::localtime_s(&fields, &t);
  return fields;
}

std::tm utc_fields(std::time_t t) {
  std::tm fields{};
  ::gmtime_s(&fields, &t);
  return fields;
}

}  // namespace winml::platform
