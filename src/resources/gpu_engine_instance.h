#pragma once
/// \file
/// The instance names of Windows' "GPU Engine" performance counters, which cover GPUs and the NPUs
/// exposed through DXCore/MCDM alike: "pid_1234_luid_0x00000000_0x0000D1E5_phys_0_eng_3_engtype_3D"
/// is process 1234's use of engine 3 (a 3D engine) of adapter LUID 0x0000D1E5. Several processes
/// share an engine, so an engine's utilisation is the sum over its instances.

#include <optional>
#include <string_view>

namespace winml::resources {

/// What one instance name says.
struct GpuEngineInstance {
  std::string_view engine;  ///< "luid_..._phys_0_eng_3": the same for every process using the engine
  std::string_view type;    ///< "3D", "Compute", "Copy", "VideoDecode", ...
};

/// Splits `name`; nullopt when it has no "luid_" part or no "_engtype_" part (another kind of
/// instance, or a format Windows does not write). The views point into `name`.
std::optional<GpuEngineInstance> parse_gpu_engine_instance(std::string_view name);

}  // namespace winml::resources
