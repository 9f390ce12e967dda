// Derived GenerationTiming values (include/winml/generation.h). Kept out of line so the public
// header stays free of <numeric> and the definitions live next to the other metric arithmetic.
#include <numeric>

#include "winml/generation.h"

namespace winml {

double GenerationTiming::decode_total_s() const { return std::accumulate(decode_s.begin(), decode_s.end(), 0.0); }

double GenerationTiming::tpot_s() const {
  // A generation of one token (or one that hit EOS immediately) has no decode step: 0, not NaN.
  if (decode_s.empty()) return 0;
  return decode_total_s() / static_cast<double>(decode_s.size());
}

double GenerationTiming::decode_tokens_per_s() const {
  const double total = decode_total_s();
  // Zero total time can only happen with no steps or a clock that did not advance; both mean
  // "no rate measured".
  if (decode_s.empty() || total <= 0) return 0;
  return static_cast<double>(decode_s.size()) / total;
}

}  // namespace winml
