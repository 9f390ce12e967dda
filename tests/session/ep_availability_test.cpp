// A session's refusal of an EP the machine lacks (session/ep_availability.h).
#include "session/ep_availability.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

#include "ep/resolution.h"

namespace winml::session {
namespace {

using ::testing::HasSubstr;

// A machine that must not be asked: the bundle's own routing needs no discovery.
class UnaskedDiscovery : public ep::EpDiscovery {
 public:
  std::vector<std::string> available_providers() override { throw std::logic_error("asked for providers"); }
  std::vector<engine::EpDevice> ep_devices() override { throw std::logic_error("asked for EP devices"); }
};

TEST(EpAvailability, AnEpTheMachineLacksIsRefusedNamingWhatItHas) {
  ep::FixedEpDiscovery cpu_only({"CPUExecutionProvider"});
  try {
    require_ep_available(EpChoice::parse("cuda"), cpu_only);
    FAIL() << "CUDA was accepted on a CPU-only machine";
  } catch (const ep::EpUnavailableError& e) {
    EXPECT_THAT(e.what(), HasSubstr("CUDAExecutionProvider is not available on this machine"));
    EXPECT_THAT(e.what(), HasSubstr("This ONNX Runtime build has no CUDA EP (it is CPU-only)"));
    EXPECT_THAT(e.what(), HasSubstr("-DWINML_ORT_ROOT="));
  }
}

TEST(EpAvailability, AnEpTheMachineHasPasses) {
  ep::FixedEpDiscovery cpu_only({"CPUExecutionProvider"});
  EXPECT_NO_THROW(require_ep_available(EpChoice::parse("cpu"), cpu_only));
  ep::FixedEpDiscovery with_cuda({"CUDAExecutionProvider", "CPUExecutionProvider"});
  EXPECT_NO_THROW(require_ep_available(EpChoice::parse("cuda"), with_cuda));
}

TEST(EpAvailability, TheBundlesRoutingIsNotChecked) {
  UnaskedDiscovery unasked;
  EXPECT_NO_THROW(require_ep_available(EpChoice{}, unasked));
}

}  // namespace
}  // namespace winml::session
