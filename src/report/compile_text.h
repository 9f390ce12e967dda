#pragma once
/// \file
/// The console wording of how a compile step ran, shared by the perf report and `winml compile`.

#include <string>
#include <vector>

#include "winml/genai_session.h"

namespace winml::report::text {

/// "2 stages at once (auto: as many as the stages) · wall 2.160 s · stages 4.310 s summed · saved
/// 2.150 s"; the bound reads "--compile-jobs" when a number was given and it applied.
std::string compile_timing_text(const CompileTiming& timing);

/// The stage table of `winml compile`: stage, ep, action, compat ("-" when nothing was checked),
/// time and detail, each column as wide as its longest cell (plugin EP aliases such as
/// "winmltestep" are longer than any built-in one). Cells are made printable: stage names and
/// details come from the bundle.
std::string compile_stages_text(const std::vector<StagePreparation>& stages);

}  // namespace winml::report::text
