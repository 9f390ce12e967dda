#pragma once
/// \file
/// Whether a model the test EP compiled still suits a device configuration: the compatibility info
/// it writes into compiled models, how it judges that info later, and the switch that overrides the
/// judgement (WINML_TEST_EP_COMPATIBILITY), so that a product's stale-artifact handling can be
/// tested for real. Also why it cannot use a hardware device (GetHardwareDeviceIncompatibilityDetails).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "env_config.h"

namespace winml_test_ep {

/// The compatibility info of a model compiled for `devices`: "WinmlTestEP 0.1.0 devices=npu".
std::string compatibility_info(const std::vector<DeviceKind>& devices);

/// A verdict on a compiled model, as ORT's OrtCompiledModelCompatibility says it.
enum class Verdict { optimal, prefer_recompile, unsupported };

/// Parses WINML_TEST_EP_COMPATIBILITY's value: "optimal", "prefer_recompile", "unsupported";
/// empty = nullopt (judge the info). Throws std::invalid_argument for anything else.
std::optional<Verdict> parse_verdict(const std::string& text);

/// WINML_TEST_EP_COMPATIBILITY, read at each validation.
std::optional<Verdict> forced_verdict();

/// Judges `info` for a configuration whose first device, the one the EP computes for, is `device`:
/// optimal when the info is this EP's and version's and names that device; unsupported otherwise
/// (another EP, another version, another device, or no info of this EP at all).
Verdict judge(const std::string& info, DeviceKind device);

/// Why the EP cannot use a hardware device (reasons are OrtDeviceEpIncompatibilityReason bits).
struct Incompatibility {
  std::uint32_t reasons = 0;
  std::int32_t error_code = 0;
  std::string notes;
};

/// Error codes of Incompatibility (the EP's own, as ORT lets an EP define them).
inline constexpr std::int32_t kLeftOutByEnvironment = 1;  ///< WINML_TEST_EP_DEVICES leaves the device out
inline constexpr std::int32_t kNotItsOwnDevice = 2;       ///< a real GPU/NPU: the EP uses only its virtual ones

/// For a hardware device ORT found: nullopt when the EP offers it, else why not. `own` is true for
/// the virtual devices the EP created itself; `offered` is what WINML_TEST_EP_DEVICES selects.
std::optional<Incompatibility> incompatibility(DeviceKind kind, bool own, const std::vector<DeviceKind>& offered);

}  // namespace winml_test_ep
