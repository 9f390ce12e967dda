#pragma once
/// \file
/// What `winml bundle derive` prints: each stage's routing before and after the EP override, and
/// the provider lists that changed, as GenAI will read them.

#include <string>
#include <vector>

#include "bundle/genai_config.h"

namespace winml::report {

/// A table of STAGE, FILE, RUNS ON (prompt, token, prompt+token or never), OPTIONS FROM (stage or
/// decoder), BEFORE and AFTER (the EPs), one row per stage of `before` (`after` lists the same
/// stages, rewritten), then "provider options:" with one "  STAGE: OLD -> NEW" line per stage whose
/// provider list changed (compact JSON), or "provider options unchanged".
std::string routing_table(const std::vector<bundle::StageInfo>& before, const std::vector<bundle::StageInfo>& after,
                          bool color);

}  // namespace winml::report
