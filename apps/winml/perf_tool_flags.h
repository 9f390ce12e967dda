#pragma once
/// \file
/// The commands grouped under `winml perf` that run no benchmark (merge, compare) refuse perf's
/// own flags given before their word: `winml perf -n 4 merge ...` would otherwise drop them silently.

#include <string>

namespace CLI {
class App;
}

namespace winml::cli {

/// Throws UsageError naming the benchmark flags given to `cmd`'s parent (perf), for the command
/// `name` ("merge"); does nothing when there are none.
void refuse_benchmark_flags(const CLI::App& cmd, const std::string& name);

}  // namespace winml::cli
