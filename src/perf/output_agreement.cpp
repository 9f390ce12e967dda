#include "perf/output_agreement.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace winml::perf {
namespace {

// The largest |logit difference| over the ids both top lists hold: a candidate that left the
// other's top list has no logit there to compare.
std::optional<double> logit_diff(const std::vector<TokenLogit>& a, const std::vector<TokenLogit>& b) {
  std::optional<double> worst;
  for (const TokenLogit& x : a) {
    for (const TokenLogit& y : b) {
      if (x.id != y.id) continue;
      const double d = std::fabs(static_cast<double>(x.logit) - static_cast<double>(y.logit));
      worst = std::max(worst.value_or(0.0), d);
    }
  }
  return worst;
}

}  // namespace

const char* to_string(AgreementStatus status) {
  switch (status) {
    case AgreementStatus::reference:
      return "reference";
    case AgreementStatus::identical:
      return "identical";
    case AgreementStatus::diverged:
      return "diverged";
    case AgreementStatus::not_comparable:
      break;
  }
  return "not_comparable";
}

Agreement check_agreement(const GreedyOutput& reference, const GreedyOutput& row) {
  Agreement a;
  if (reference.sampling || row.sampling) {
    a.status = AgreementStatus::not_comparable;
    a.reason = "sampling";
    return a;
  }
  a.first_step_logit_diff = logit_diff(reference.first_step_top, row.first_step_top);
  if (reference.tokens == row.tokens && reference.digest == row.digest) {
    a.status = AgreementStatus::identical;
    return a;
  }
  a.status = AgreementStatus::diverged;
  const std::size_t shown = std::min(reference.first_ids.size(), row.first_ids.size());
  for (std::size_t i = 0; i < shown; ++i) {
    if (reference.first_ids[i] != row.first_ids[i]) {
      a.diverges_at = static_cast<int>(i) + 1;
      return a;
    }
  }
  // The kept ids agree: one run stopped within them (EOS), or they part beyond them.
  const int shorter = std::min(reference.tokens, row.tokens);
  if (static_cast<std::size_t>(shorter) < kKeptOutputIds) a.diverges_at = shorter + 1;
  return a;
}

std::string agreement_text(const Agreement& agreement) {
  std::string text;
  switch (agreement.status) {
    case AgreementStatus::reference:
      return "reference";
    case AgreementStatus::not_comparable:
      return "not comparable (" + agreement.reason + ")";
    case AgreementStatus::identical:
      text = "identical ids";
      break;
    case AgreementStatus::diverged:
      text = agreement.diverges_at ? fmt::format("differ at token {}", *agreement.diverges_at)
                                   : fmt::format("differ after token {}", kKeptOutputIds);
      break;
  }
  if (agreement.first_step_logit_diff)
    text += fmt::format(" · step-1 logit Δ {:.2g}", *agreement.first_step_logit_diff);
  return text;
}

}  // namespace winml::perf
