#include "perf_tool_flags.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>

#include "cli_common.h"
#include "util/plural.h"
#include "winml/errors.h"

namespace winml::cli {

void refuse_benchmark_flags(const CLI::App& cmd, const std::string& name) {
  const auto given = given_flags(*cmd.get_parent());
  if (given.empty()) return;
  throw UsageError(
      fmt::format("{} {} to a benchmark, not to winml perf {}; give {} only its own flags, after the word {}",
                  fmt::join(given, ", "), agree(given.size(), "belongs", "belong"), name, name, name));
}

}  // namespace winml::cli
