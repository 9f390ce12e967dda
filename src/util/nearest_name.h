#pragma once
/// \file
/// "Did you mean" for a mistyped command or flag: the known name nearest to what was typed.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace winml {

/// Edits (insert, delete or replace one character, or swap two neighbours) that turn `a` into `b`:
/// the optimal string alignment distance. "pref" is one edit from "perf".
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The name of `known` nearest to `typed`, when one is near enough to be what was meant: at most
/// one edit for a typed word of up to 4 characters, two up to 8, else three (ties go to the
/// earlier name); failing that, the only name that `typed` (3 characters or more) begins. Case is
/// ignored. nullopt when none is that near: a suggestion must be likely, not merely the least bad.
std::optional<std::string> nearest_name(std::string_view typed, const std::vector<std::string>& known);

}  // namespace winml
