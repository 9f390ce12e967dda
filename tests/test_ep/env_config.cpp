#include "env_config.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace winml_test_ep {
namespace {

std::optional<std::string> env(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

}  // namespace

const char* to_string(DeviceKind kind) {
  switch (kind) {
    case DeviceKind::cpu:
      return "cpu";
    case DeviceKind::gpu:
      return "gpu";
    case DeviceKind::npu:
      return "npu";
  }
  return "?";
}

std::vector<DeviceKind> parse_devices(const std::string& text) {
  std::vector<DeviceKind> kinds;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = trim(text.substr(start, comma - start));
    start = comma + 1;
    if (item.empty()) continue;  // "cpu,,npu" and a trailing comma are harmless
    DeviceKind kind{};
    if (item == "cpu") {
      kind = DeviceKind::cpu;
    } else if (item == "gpu") {
      kind = DeviceKind::gpu;
    } else if (item == "npu") {
      kind = DeviceKind::npu;
    } else {
      throw std::invalid_argument("WINML_TEST_EP_DEVICES: unknown device '" + item + "' (expected cpu, gpu, npu)");
    }
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(kind);
  }
  return kinds;
}

std::vector<DeviceKind> offered_devices() {
  const auto value = env("WINML_TEST_EP_DEVICES");
  if (!value) return {DeviceKind::cpu, DeviceKind::gpu, DeviceKind::npu};
  return parse_devices(*value);
}

CompileBehavior compile_behavior() {
  const std::string value = env("WINML_TEST_EP_COMPILE").value_or("");
  CompileBehavior behavior;
  if (value.empty()) return behavior;
  if (value == "hang") {
    behavior.kind = CompileBehavior::Kind::hang;
  } else if (value == "crash") {
    behavior.kind = CompileBehavior::Kind::crash;
  } else if (value.rfind("slow:", 0) == 0) {
    const std::string digits = value.substr(5);
    if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) {
      throw std::invalid_argument("WINML_TEST_EP_COMPILE: 'slow:' needs milliseconds, got '" + value + "'");
    }
    behavior.kind = CompileBehavior::Kind::slow;
    behavior.delay = std::chrono::milliseconds(std::stol(digits));
  } else {
    throw std::invalid_argument("WINML_TEST_EP_COMPILE: unknown value '" + value +
                                "' (expected slow:MILLISECONDS, hang or crash)");
  }
  return behavior;
}

Perturbation parse_perturbation(const std::string& text) {
  Perturbation p;
  if (text.empty()) return p;
  const std::string bad =
      "WINML_TEST_EP_PERTURB: unknown value '" + text + "' (expected matmul, add or mul, optionally :VALUE)";
  const std::size_t colon = text.find(':');
  std::string op = text.substr(0, colon);
  std::transform(op.begin(), op.end(), op.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (op == "matmul") {
    p.op_type = "MatMul";
  } else if (op == "add") {
    p.op_type = "Add";
  } else if (op == "mul") {
    p.op_type = "Mul";
  } else {
    throw std::invalid_argument(bad);
  }
  p.offset = kDefaultPerturbOffset;
  if (colon == std::string::npos) return p;
  const std::string number = text.substr(colon + 1);
  std::size_t used = 0;
  try {
    p.offset = std::stof(number, &used);
  } catch (const std::exception&) {
    throw std::invalid_argument(bad);
  }
  if (used != number.size() || !std::isfinite(p.offset)) throw std::invalid_argument(bad);
  return p;
}

Perturbation perturbation() { return parse_perturbation(env("WINML_TEST_EP_PERTURB").value_or("")); }

std::optional<std::string> counters_file() {
  auto value = env("WINML_TEST_EP_COUNTERS");
  if (value && value->empty()) return std::nullopt;
  return value;
}

}  // namespace winml_test_ep
