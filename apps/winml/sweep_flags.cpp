#include "sweep_flags.h"

#include <optional>
#include <string_view>

#include "ep/catalog.h"
#include "number_flags.h"
#include "perf/sweep_values.h"
#include "perf_options.h"
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
CLI::Validator sweep_check(const std::string& flag, Parse parse) {
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
      "");  // no validator text in --help: the type name already says N|LIST
}

std::vector<int> counts(std::string_view flag, const std::string& text, long long min, long long max) {
  return perf::parse_count_list(flag, text, min, max);
}

// An optional setting: unset when the flag was not given, else every value.
std::vector<std::optional<int>> optional_counts(std::string_view flag, const std::string& text, long long min,
                                                long long max) {
  if (text.empty()) return {std::nullopt};
  std::vector<std::optional<int>> out;
  for (int v : counts(flag, text, min, max)) out.emplace_back(v);
  return out;
}

// What a value of a name flag stands for: --ep names (CPU, cpu, CPUExecutionProvider) by the
// catalog's canonical name, so that two spellings of one EP are one value listed twice.
perf::NameKey name_key(std::string_view flag) {
  if (flag != "--ep") return {};
  return [](std::string_view name) {
    const ep::EpInfo* info = ep::find_ep(name);
    return info != nullptr ? info->canonical : to_lower(name);
  };
}

std::vector<std::string> names(std::string_view flag, const std::string& text) {
  if (text.empty()) return {""};
  return perf::parse_name_list(flag, text, name_key(flag));
}

}  // namespace

CLI::Option* add_count_sweep(CLI::App& cmd, const std::string& names, std::string& text, const std::string& help,
                             long long min, long long max) {
  const std::string flag = long_name(names);
  return cmd.add_option(names, text, help)
      ->type_name("N|LIST")
      ->check(sweep_check(flag, [flag, min, max](const std::string& t) { counts(flag, t, min, max); }));
}

CLI::Option* add_name_sweep(CLI::App& cmd, const std::string& names, std::string& text, const std::string& help) {
  const std::string flag = long_name(names);
  return cmd.add_option(names, text, help)
      ->type_name("NAME|LIST")
      ->check(sweep_check(flag, [flag](const std::string& t) { perf::parse_name_list(flag, t, name_key(flag)); }));
}

perf::SweepAxes sweep_axes(const PerfOptions& o, const std::string& runtime) {
  perf::SweepAxes axes;
  axes.eps = names("--ep", o.ep);
  axes.devices = names("--device", o.device);
  axes.threads = optional_counts("--threads", o.threads, 1, kMaxThreads);
  if (runtime == "winml-genai") {
    axes.prompt_tokens = optional_counts("--prompt-tokens", o.prompt_tokens, 1, kMaxTokenCount);
    axes.max_new_tokens = counts("--max-new-tokens", o.max_new_tokens, 1, kMaxTokenCount);
    axes.depths = counts("--depth", o.depth, 0, kMaxTokenCount);
    axes.max_lengths = optional_counts("--max-length", o.max_length, 1, kMaxTokenCount);
  } else {
    axes.batch_sizes = counts("--batch-size", o.batch_size, 1, kMaxBatchSize);
  }
  return axes;
}

std::span<const perf::Combination> selected_combinations(const perf::SweepPlan& plan,
                                                         const std::optional<perf::Shard>& shard) {
  const std::span<const perf::Combination> all(plan.combinations);
  if (!shard) return all;
  const perf::ShardSlice slice = perf::shard_slice(*shard, all.size());
  return all.subspan(slice.begin, slice.size());
}

}  // namespace winml::cli
