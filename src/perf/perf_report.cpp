#include "perf/perf_report.h"

namespace winml::perf {

std::string axis_label(const std::string& axis) {
  if (axis == "prompt_tokens") return "pp";
  if (axis == "max_new_tokens") return "tg";
  if (axis == "max_length") return "max_len";
  if (axis == "batch_size") return "batch";
  return axis;
}

}  // namespace winml::perf
