#include "report/compile_text.h"

#include <fmt/format.h>

#include "report/text_table.h"
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

std::string compile_stages_text(const std::vector<StagePreparation>& stages) {
  Table table({"stage", "ep", "action", "compat", "time", "detail"});
  for (std::size_t column : {1, 2, 3, 5}) table.align_left(column);
  for (const auto& stage : stages) {
    const std::string compat = stage.compatibility == "not_checked" ? "-" : stage.compatibility;
    std::vector<std::string> row = {stage.stage, stage.ep, stage.action, compat,
                                    fmt::format("{:.2f} s", stage.seconds)};
    if (!stage.detail.empty()) row.push_back(stage.detail);  // no trailing spaces after the time
    table.add_row(std::move(row));
  }
  return table.render(Style::make(false));
}

}  // namespace winml::report::text
