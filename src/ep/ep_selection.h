#pragma once
/// \file
/// The one place a command's --ep/--device become an EpChoice: for a bundle (perf, generate), for a
/// single model (perf), and for a named EP that need not be on this machine (compile, bundle
/// derive). The machine is asked for its EPs at most once, and only when a choice depends on it.

#include <functional>
#include <optional>
#include <string_view>

#include "ep/discovery.h"
#include "ep/resolution.h"
#include "winml/ep_choice.h"

namespace winml::ep {

/// Resolves the --ep/--device pairs of a run (one per load setting of a sweep) against this
/// machine, through an EpResolver built on the first choice that needs one.
class EpSelector {
 public:
  /// `discovery` is asked on the first choice that needs this machine's EPs; it must outlive this.
  explicit EpSelector(EpDiscovery& discovery);

  /// For a GenAI bundle: explicit EP > concrete device > the bundle's config. Both empty, or device
  /// "config", is the bundle's routing (an empty EpChoice) without asking the machine; otherwise
  /// EpResolver::select_genai_ep. Throws UsageError / EpUnavailableError listing what exists.
  EpChoice for_bundle(std::string_view ep, std::string_view device);

  /// For a single ONNX model, which always runs on one concrete EP and device
  /// (EpResolver::select_onnx_ep; "" device = "auto").
  EpChoice for_model(std::string_view ep, std::string_view device);

 private:
  const EpResolver& resolver();

  EpDiscovery& discovery_;
  std::optional<EpResolver> resolver_;
};

/// The EP a command names with --ep/--device without asking the machine for its EPs (compile,
/// bundle derive). `register_libraries` registers the plugin EP libraries: a built-in EP name is
/// checked before it runs, so a typo fails before the engine loads; any other name is looked up
/// after it, since a plugin EP (and its registration name) exists only then. Throws UsageError for
/// an unknown name or a device the EP does not target.
EpChoice choose_named_ep(std::string_view ep, std::string_view device, const std::function<void()>& register_libraries);

}  // namespace winml::ep
