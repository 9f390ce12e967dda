#pragma once
/// \file
/// Which EPs this machine can run, per device. Discovery sits behind an interface so tests (and
/// `winml bundle derive`, which must not need the engine) can describe any machine.

#include <map>
#include <string>
#include <vector>

#include "engine/engine.h"

namespace winml::ep {

/// device ("npu", "gpu", "cpu") -> canonical names of the EPs available for it, in catalog
/// priority order. Every device of ep::device_names() has an entry, possibly empty.
using DeviceEpMap = std::map<std::string, std::vector<std::string>>;

/// Source of what ONNX Runtime reports about providers and EP devices.
class EpDiscovery {
 public:
  virtual ~EpDiscovery() = default;
  /// Providers compiled into the loaded ONNX Runtime (canonical names).
  virtual std::vector<std::string> available_providers() = 0;
  /// EP devices, including those of registered plugin EP libraries.
  virtual std::vector<engine::EpDevice> ep_devices() = 0;
};

/// Asks an engine: the loaded one (engine::get(); loads it on first use) unless one is given.
/// Register plugin EP libraries before calling.
class EngineEpDiscovery : public EpDiscovery {
 public:
  /// Asks engine::get().
  EngineEpDiscovery() = default;
  /// Asks `engine`, which must outlive this (a session's own engine).
  explicit EngineEpDiscovery(engine::Engine& engine) : engine_(&engine) {}
  /// Engine::available_providers() of the engine.
  std::vector<std::string> available_providers() override;
  /// Engine::ep_devices() of the engine.
  std::vector<engine::EpDevice> ep_devices() override;

 private:
  engine::Engine& engine() const;

  engine::Engine* engine_ = nullptr;
};

/// A machine described by hand: for tests and for callers that know the answer already.
class FixedEpDiscovery : public EpDiscovery {
 public:
  /// `providers`: built-in providers; `devices`: EP devices (plugin EPs).
  explicit FixedEpDiscovery(std::vector<std::string> providers, std::vector<engine::EpDevice> devices = {});
  /// The providers given to the constructor.
  std::vector<std::string> available_providers() override;
  /// The EP devices given to the constructor.
  std::vector<engine::EpDevice> ep_devices() override;

 private:
  std::vector<std::string> providers_;
  std::vector<engine::EpDevice> devices_;
};

/// Builds the device -> EPs map. An EP is available for a device when the catalog lists that
/// device for it and either ONNX Runtime reports it as a built-in provider, or an EP device of
/// that EP has that device type. Names ONNX Runtime reports that the catalog does not know (neither
/// built in nor adopted from a registered plugin library, plugin_eps.h) are left out: they cannot
/// be selected by name.
DeviceEpMap discover_device_eps(EpDiscovery& discovery);

}  // namespace winml::ep
