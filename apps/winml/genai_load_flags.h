#pragma once
/// \file
/// The flags that say how a GenAI bundle is opened (`winml generate` and `winml perf`), turned into
/// session options once for both commands.

#include <optional>
#include <string>
#include <vector>

#include "ep/ep_selection.h"
#include "perf/genai_benchmark.h"

namespace winml::cli {

/// --ep, --device, --threads, --compile, --compile-timeout, --allow-custom-ops, --ep-library and
/// --compile-jobs, --no-cpu-fallback, --ep-all-stages as given.
struct GenaiLoadFlags {
  std::string ep;                         ///< --ep; empty = none
  std::string device;                     ///< --device; empty or "config" = the bundle's routing
  std::optional<int> threads;             ///< --threads; unset = the bundle's setting, else GenAI's default
  bool compile = false;                   ///< --compile
  double compile_timeout_s = 300;         ///< --compile-timeout
  bool allow_custom_ops = false;          ///< --allow-custom-ops
  std::vector<std::string> ep_libraries;  ///< --ep-library NAME=PATH values
  unsigned compile_jobs = 0;              ///< --compile-jobs; 0 = auto
  bool no_cpu_fallback = false;           ///< --no-cpu-fallback
  bool all_stages = false;                ///< --ep-all-stages
};

/// Registers the plugin EP libraries, resolves the EP choice and returns the session options with
/// the device to report. Throws UsageError / EpUnavailableError (see ep::EpSelector::for_bundle).
perf::GenaiLoadChoice genai_load_choice(const GenaiLoadFlags& flags);

/// genai_load_choice without registering plugin libraries, choosing the EP with `selector` (a sweep
/// registers them once, then resolves every load setting with one selector; flags.ep_libraries is
/// unused).
perf::GenaiLoadChoice resolve_genai_load(const GenaiLoadFlags& flags, ep::EpSelector& selector);

}  // namespace winml::cli
