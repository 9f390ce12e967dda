#pragma once
/// \file
/// The sweepable flags of `winml perf` (--prompt-tokens, -n, --depth, --threads, --max-length,
/// --batch-size, --ep, --device): each takes a value, a list or a range (perf/sweep_values.h),
/// parsed once, while CLI11 parses, so a bad list is a usage error before anything loads and the
/// sweep plan reads the values (PerfOptions::sweep) without parsing the text again.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

namespace winml::cli {

/// Adds a sweepable count flag: `text` receives the value as given; its check parses it once with
/// perf::parse_count_list in [min, max] and stores the values in `values` (left as they are when
/// the flag is not given).
CLI::Option* add_count_sweep(CLI::App& cmd, const std::string& names, std::string& text, std::vector<int>& values,
                             const std::string& help, long long min, long long max);

/// As above, for a setting that is unset without the flag (--threads, --prompt-tokens, --max-length).
CLI::Option* add_count_sweep(CLI::App& cmd, const std::string& names, std::string& text,
                             std::vector<std::optional<int>>& values, const std::string& help, long long min,
                             long long max);

/// Adds a sweepable rate flag (--request-rate): its check parses it once with
/// perf::parse_rate_list (each value in (0, max]) and stores the values in `values`.
CLI::Option* add_rate_sweep(CLI::App& cmd, const std::string& names, std::string& text,
                            std::vector<std::optional<double>>& values, const std::string& help, double max);

/// Adds a sweepable name flag (--ep, --device): its check parses it once with perf::parse_name_list
/// and stores the names in `values`.
CLI::Option* add_name_sweep(CLI::App& cmd, const std::string& names, std::string& text,
                            std::vector<std::string>& values, const std::string& help);

}  // namespace winml::cli
