#include <time.h>

#include "platform/local_time.h"

namespace winml::platform {

std::tm local_fields(std::time_t t) {
  std::tm fields{};
  ::localtime_r(&t, &fields);
  return fields;
}

std::tm utc_fields(std::time_t t) {
  std::tm fields{};
  ::gmtime_r(&t, &fields);
  return fields;
}

}  // namespace winml::platform
