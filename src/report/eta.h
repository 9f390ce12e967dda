#pragma once
/// \file
/// How long a slow step has left, for the progress lines on stderr: the pace so far, carried on
/// to the end of the step. Shown only when what is left is long enough to be worth waiting for.

#include <optional>
#include <string>

namespace winml::report {

/// Below this many seconds left, the progress lines give no ETA: the end is near enough.
inline constexpr double kEtaMinSeconds = 2.0;

/// Seconds left for a step of `total` units (iterations, bytes) of which `done` took `elapsed_s`,
/// at the same pace; nullopt when nothing is done yet or the total is unknown (0).
std::optional<double> eta_seconds(double done, double total, double elapsed_s);

/// "  ETA 8.4 s", "  ETA 45 s", "  ETA 2 min 05 s", "  ETA 1 h 02 min" (with the two leading
/// spaces that separate the fields of a progress line), or "" when `seconds` is unknown or below
/// kEtaMinSeconds.
std::string eta_field(std::optional<double> seconds);

}  // namespace winml::report
