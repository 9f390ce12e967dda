#pragma once
/// \file
/// The console block of what a run used (resources::ResourceUsage), printed after a result's
/// figures: CPU busy cores by phase, other load, peak RSS and when, device use, energy per token.

#include <string>

#include "report/text_table.h"
#include "resources/resource_usage.h"

namespace winml::report::text {

/// The "resources" table, rendered with `style` and indented like the other tables; empty when the
/// run was not sampled. `logical_cores` is the machine's, for the share of the cores when the usage
/// has no other-load figure of its own.
std::string resources_text(const resources::ResourceUsage& usage, unsigned logical_cores, const Style& style);

}  // namespace winml::report::text
