#include "report/agreement_text.h"

#include <fmt/format.h>

#include <algorithm>

namespace winml::report::text {
namespace {

// Ids the console shows of the kept ones: enough to see where two runs part, short enough for a line.
constexpr std::size_t kShownIds = 8;

}  // namespace

std::string greedy_output_text(const perf::GreedyOutput& output) {
  std::string text = fmt::format("{} {} · digest {}", output.tokens, output.tokens == 1 ? "id" : "ids", output.digest);
  if (output.sampling) text += " · sampling";
  if (!output.first_ids.empty()) {
    const std::size_t shown = std::min(output.first_ids.size(), kShownIds);
    text += " · first";
    for (std::size_t i = 0; i < shown; ++i) text += fmt::format(" {}", output.first_ids[i]);
    if (static_cast<std::size_t>(output.tokens) > shown) text += " …";
  }
  if (!output.first_step_top.empty()) {
    text += " · token 1:";
    for (std::size_t i = 0; i < output.first_step_top.size(); ++i) {
      const TokenLogit& t = output.first_step_top[i];
      text += fmt::format("{} {} ({:.2f})", i == 0 ? "" : ",", t.id, t.logit);
    }
  }
  return text + fmt::format(" · from the first {} generation", perf::to_string(output.generation));
}

std::string agreement_cell(const perf::Agreement& agreement) {
  switch (agreement.status) {
    case perf::AgreementStatus::reference:
      return "reference";
    case perf::AgreementStatus::identical:
      return "identical";
    case perf::AgreementStatus::not_comparable:
      return "not comparable (" + agreement.reason + ")";
    case perf::AgreementStatus::diverged:
      break;
  }
  return agreement.diverges_at ? fmt::format("differ at {}", *agreement.diverges_at)
                               : fmt::format("differ after {}", perf::kKeptOutputIds);
}

std::string logit_diff_cell(const perf::Agreement& agreement) {
  return agreement.first_step_logit_diff ? fmt::format("{:.2g}", *agreement.first_step_logit_diff) : "-";
}

}  // namespace winml::report::text
