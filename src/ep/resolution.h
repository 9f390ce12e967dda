#pragma once
/// \file
/// Turning a requested device and/or EP into a concrete (device, EP) pair for this machine.
/// Never falls back silently: an explicit choice that is not available is an
/// error naming what is available.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ep/discovery.h"
#include "winml/ep_choice.h"
#include "winml/errors.h"

namespace winml::ep {

/// The requested device or EP exists in the catalog but not on this machine. Category load
/// (exit code 1): the request was valid, the machine cannot serve it.
class EpUnavailableError : public Error {
 public:
  explicit EpUnavailableError(const std::string& message) : Error(ErrorCategory::load, message) {}
};

/// Resolves devices and EPs against one machine's device -> EPs map.
class EpResolver {
 public:
  /// `available`: from discover_device_eps(). Without the built-in providers an EP missing from
  /// the ONNX Runtime build is reported as missing from the machine.
  explicit EpResolver(DeviceEpMap available);
  /// Asks `discovery` for the device -> EPs map and for the providers built into ONNX Runtime, so
  /// that a built-in EP the build lacks (CUDA on the CPU-only build) is named as such, with how to
  /// use a build that has it.
  explicit EpResolver(EpDiscovery& discovery);

  /// The device to run on. `device` is "auto" or npu/gpu/cpu (case-insensitive); `ep` (optional)
  /// is an EP name or alias. "auto" picks the first of npu > gpu > cpu that has an available EP
  /// (that EP, when given). Throws UsageError for unknown names and EP/device pairs the catalog
  /// forbids, EpUnavailableError when the choice is not available here.
  std::string resolve_device(std::string_view device, std::string_view ep = {}) const;

  /// Canonical names of the EPs available for a device ("auto" allowed), priority order; never
  /// empty (throws like resolve_device).
  std::vector<std::string> resolve_eps(std::string_view device) const;

  /// The GenAI EP alias for a device: nullopt for "config" or "" (respect the bundle); otherwise
  /// the device is resolved and the first available EP whose primary device it is wins (so `cpu`
  /// on an OpenVINO host gives CPU), else the first available EP for it.
  std::optional<std::string> resolve_genai_ep(std::string_view device) const;

  /// Precedence for GenAI bundles: explicit `ep` > concrete `device` (auto/npu/gpu/cpu) > the
  /// bundle's config ("" or "config"). With an explicit EP the device, when concrete, must suit
  /// it; the EP must be available on some device here. The result carries the device only when
  /// one was asked for (an EP alone keeps the EP's own device choice).
  EpChoice select_genai_ep(std::string_view ep, std::string_view device) const;

  /// For a single ONNX model, which always runs on one concrete EP and device: `device` ("" =
  /// "auto") resolved with resolve_device(device, ep); the EP is `ep` when given, else the first
  /// available for that device.
  EpChoice select_onnx_ep(std::string_view ep, std::string_view device) const;

  /// The map this resolver was built from.
  const DeviceEpMap& available() const { return available_; }

 private:
  /// "Available on this machine: npu: (none); gpu: cuda; cpu: cpu." for error messages.
  std::string describe_available() const;
  /// The error for an EP that is not available (`where`: "on this machine (it targets gpu)" or
  /// "for the npu device on this machine"): when the ONNX Runtime build lacks a built-in EP, it says
  /// so and how to use a build that has it; otherwise what this machine has.
  EpUnavailableError unavailable(const EpInfo& info, const std::string& where) const;
  /// The available EPs of a device (empty for devices the map lacks).
  const std::vector<std::string>& eps_for(const std::string& device) const;
  /// True when `canonical` is available for `device`.
  bool ep_available(const std::string& canonical, const std::string& device) const;

  DeviceEpMap available_;
  /// Canonical names of the providers built into ONNX Runtime; nullopt when not known.
  std::optional<std::vector<std::string>> built_in_;
};

}  // namespace winml::ep
