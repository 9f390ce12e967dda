#include "report/compile_text.h"

#include <fmt/format.h>

#include "report/text_units.h"

namespace winml::report::text {
namespace {

std::string bound_text(const CompileTiming& timing) {
  if (timing.limited_by == "requested") return "--compile-jobs";
  const std::string bound = timing.limited_by == "stages" ? "as many as the stages" : "bounded by " + timing.limited_by;
  return timing.source == "requested" ? "--compile-jobs, " + bound : "auto: " + bound;
}

}  // namespace

std::string compile_timing_text(const CompileTiming& timing) {
  return fmt::format("{} {} at once ({}) · wall {} · stages {} summed · saved {}", timing.jobs,
                     timing.jobs == 1 ? "stage" : "stages", bound_text(timing), duration(timing.wall_s),
                     duration(timing.stages_s), duration(timing.saved_s));
}

}  // namespace winml::report::text
