#pragma once
/// \file
/// The values of a sweep flag as the user writes them: a list, a range, or both mixed. One place
/// parses them for every sweepable flag so they all read alike (docs/formats.md, "Sweeps"):
///
///   64,256,1024     a list, measured in that order
///   1-4             an inclusive range: 1,2,3,4
///   8-2             a descending range: 8,7,...,2
///   1-9+2           a range with an additive step: 1,3,5,7,9 (the end is kept only if reached)
///   64-1024*2       a range with a multiplicative step: 64,128,256,512,1024
///   1,2,4-8+4       items mixed with commas: 1,2,4,8
///
/// A value listed twice is refused: every combination of a sweep must be distinct, because its
/// settings are its identity in reports.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace winml::perf {

/// Most combinations one sweep may measure (and most values one flag may list): each one is a full
/// benchmark, and a range typed with one zero too many would otherwise run for days.
inline constexpr std::size_t kMaxSweepCombinations = 1024;

/// Parses the integer values of `flag` (its name, for messages, e.g. "--threads") from `text`,
/// each in [min, max]. Throws UsageError naming the flag, the item and the fix for an empty item,
/// a non-number, a value out of range, a zero or missing step, a multiplicative step below 2 or a
/// range it cannot climb, a duplicate, or more than kMaxSweepCombinations values.
std::vector<int> parse_count_list(std::string_view flag, std::string_view text, long long min, long long max);

/// Parses a list of positive real numbers (--request-rate: requests per second), e.g. 0.5,1,2.
/// Ranges are for counts: a rate list is written out. Each value must be above 0 and at most
/// `max`. Throws UsageError naming the flag, the item and the fix for an empty item, a
/// non-number, a value out of range, a duplicate, or more than kMaxSweepCombinations values.
std::vector<double> parse_rate_list(std::string_view flag, std::string_view text, double max);

/// What a name of a list stands for: two names with one key are one value listed twice.
using NameKey = std::function<std::string(std::string_view)>;

/// Parses a list of names (EPs, devices): separated by commas, spaces around an item trimmed.
/// Throws UsageError for an empty item, a duplicate, or more than kMaxSweepCombinations names. Two
/// names are duplicates when `key` maps them to one key (default: ASCII case-insensitively, as EP
/// names and devices are read), so `cpu,CPU` is refused like `cpu,cpu`.
std::vector<std::string> parse_name_list(std::string_view flag, std::string_view text, const NameKey& key = {});

}  // namespace winml::perf
