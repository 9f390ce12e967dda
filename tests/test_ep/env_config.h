#pragma once
/// \file
/// The environment variables that steer the test EP (see README.md for when each is read).

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace winml_test_ep {

/// A device kind the factory can offer.
enum class DeviceKind { cpu, gpu, npu };

/// "cpu", "gpu" or "npu".
const char* to_string(DeviceKind kind);

/// WINML_TEST_EP_DEVICES: a comma list of cpu/gpu/npu; unset means all three. Throws
/// std::invalid_argument naming an unknown entry.
std::vector<DeviceKind> offered_devices();

/// Parses the value of WINML_TEST_EP_DEVICES (exposed for the tests of the parser itself).
std::vector<DeviceKind> parse_devices(const std::string& text);

/// What Compile does before generating EPContext nodes (WINML_TEST_EP_COMPILE).
struct CompileBehavior {
  enum class Kind { normal, slow, hang, crash };
  Kind kind = Kind::normal;
  std::chrono::milliseconds delay{0};  ///< for slow
};

/// Reads WINML_TEST_EP_COMPILE: unset or empty = normal, "slow:MS", "hang", "crash". Throws
/// std::invalid_argument for anything else.
CompileBehavior compile_behavior();

/// A deliberate error in one kernel (WINML_TEST_EP_PERTURB), so that tests can see a wrong
/// accelerator caught by the agreement check.
struct Perturbation {
  std::string op_type;  ///< "MatMul", "Add" or "Mul": the kernel that errs; empty = every kernel is exact
  float offset = 0;     ///< added to every element that kernel computes
};

/// Offset of WINML_TEST_EP_PERTURB=OP without a value: large enough to change a random model's greedy ids.
inline constexpr float kDefaultPerturbOffset = 0.5F;

/// Reads WINML_TEST_EP_PERTURB: unset or empty = exact, "OP" (kDefaultPerturbOffset) or "OP:VALUE"
/// (a decimal number), OP one of matmul, add, mul (any case). Throws std::invalid_argument for
/// anything else.
Perturbation perturbation();

/// Parses the value of WINML_TEST_EP_PERTURB (exposed for the tests of the parser itself).
Perturbation parse_perturbation(const std::string& text);

/// WINML_TEST_EP_COUNTERS: the file that gets one JSON line per released EP; nullopt when unset.
std::optional<std::string> counters_file();

}  // namespace winml_test_ep
