#include "report/eta.h"

#include <fmt/format.h>

#include <cmath>

namespace winml::report {

std::optional<double> eta_seconds(double done, double total, double elapsed_s) {
  if (done <= 0 || total <= 0 || elapsed_s < 0) return std::nullopt;
  if (done >= total) return 0.0;
  return elapsed_s / done * (total - done);
}

std::string eta_field(std::optional<double> seconds) {
  if (!seconds || !std::isfinite(*seconds) || *seconds < kEtaMinSeconds) return {};
  const double s = *seconds;
  if (s < 10) return fmt::format("  ETA {:.1f} s", s);
  const auto whole = static_cast<long long>(std::llround(s));
  if (whole < 120) return fmt::format("  ETA {} s", whole);
  if (whole < 3600) return fmt::format("  ETA {} min {:02} s", whole / 60, whole % 60);
  return fmt::format("  ETA {} h {:02} min", whole / 3600, whole / 60 % 60);
}

}  // namespace winml::report
