#include "document/report_refusal.h"

#include <fmt/format.h>

#include "winml/errors.h"

namespace winml::document {

void refuse_report(std::string_view source, std::string_view problem, std::string_view fix) {
  throw UsageError(fmt::format("{}{}. {}.", source, problem, fix));
}

void refuse_not_a_report(std::string_view source, std::string_view problem) {
  refuse_report(source, fmt::format(" is not a winml perf report: {}", problem), kPassAReport);
}

void check_result_objects(const nlohmann::ordered_json& result, std::string_view where, std::string_view source,
                          std::initializer_list<const char*> keys) {
  if (!result.is_object()) refuse_not_a_report(source, fmt::format("{} is not an object", where));
  for (const char* key : keys) {
    const auto it = result.find(key);
    if (it == result.end() || !it->is_object()) {
      refuse_not_a_report(source, fmt::format("{} has no \"{}\" object", where, key));
    }
  }
}

}  // namespace winml::document
