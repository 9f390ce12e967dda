#include "sweep_flags.h"

#include <optional>
#include <string>
#include <string_view>

#include "ep/catalog.h"
#include "perf/sweep_values.h"
#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml::cli {
namespace {

// The flag's long name ("--depth" from "--depth" or "-n,--max-new-tokens") for messages.
std::string long_name(const std::string& names) {
  const std::size_t at = names.rfind(',');
  return at == std::string::npos ? names : names.substr(at + 1);
}

// A CLI11 validator running `parse`; CLI11 already puts the flag's name in front of the message.
template <class Parse>
// `shown` is what --help says of each value: a count flag's range ("1..1024", as integer_in shows
// it), nothing for a name flag (its help lists the names).
CLI::Validator sweep_check(const std::string& flag, Parse parse, const std::string& shown = "") {
  return CLI::Validator(
      [flag, parse](std::string& text) -> std::string {
        try {
          parse(text);
          return {};
        } catch (const UsageError& e) {
          std::string message = e.what();
          const std::string prefix = flag + ": ";
          if (message.rfind(prefix, 0) == 0) message.erase(0, prefix.size());
          return message;
        }
      },
      shown);
}

std::string count_range(long long min, long long max) { return std::to_string(min) + ".." + std::to_string(max); }

// What a value of a name flag stands for: --ep names (CPU, cpu, CPUExecutionProvider) by the
// catalog's canonical name, so that two spellings of one EP are one value listed twice.
perf::NameKey name_key(std::string_view flag) {
  if (flag != "--ep") return {};
  return [](std::string_view name) {
    const ep::EpInfo* info = ep::find_ep(name);
    return info != nullptr ? info->canonical : to_lower(name);
  };
}

}  // namespace

CLI::Option* add_count_sweep(CLI::App& cmd, const std::string& names, std::string& text, std::vector<int>& values,
                             const std::string& help, long long min, long long max) {
  const std::string flag = long_name(names);
  return cmd.add_option(names, text, help)
      ->type_name("N|LIST")
      ->check(sweep_check(
          flag, [flag, min, max, &values](const std::string& t) { values = perf::parse_count_list(flag, t, min, max); },
          count_range(min, max)));
}

CLI::Option* add_count_sweep(CLI::App& cmd, const std::string& names, std::string& text,
                             std::vector<std::optional<int>>& values, const std::string& help, long long min,
                             long long max) {
  const std::string flag = long_name(names);
  return cmd.add_option(names, text, help)
      ->type_name("N|LIST")
      ->check(sweep_check(
          flag,
          [flag, min, max, &values](const std::string& t) {
            const std::vector<int> counts = perf::parse_count_list(flag, t, min, max);
            values.assign(counts.begin(), counts.end());
          },
          count_range(min, max)));
}

CLI::Option* add_rate_sweep(CLI::App& cmd, const std::string& names, std::string& text,
                            std::vector<std::optional<double>>& values, const std::string& help, double max) {
  const std::string flag = long_name(names);
  return cmd.add_option(names, text, help)
      ->type_name("R|LIST")
      ->check(sweep_check(flag, [flag, max, &values](const std::string& t) {
        const std::vector<double> rates = perf::parse_rate_list(flag, t, max);
        values.assign(rates.begin(), rates.end());
      }));
}

CLI::Option* add_name_sweep(CLI::App& cmd, const std::string& names, std::string& text,
                            std::vector<std::string>& values, const std::string& help) {
  const std::string flag = long_name(names);
  return cmd.add_option(names, text, help)
      ->type_name("NAME|LIST")
      ->check(sweep_check(
          flag, [flag, &values](const std::string& t) { values = perf::parse_name_list(flag, t, name_key(flag)); }));
}

}  // namespace winml::cli
