#include "resources/nvml_source.h"

#include <gtest/gtest.h>

namespace winml::resources {
namespace {

TEST(NvmlSource, ReadsEveryDeviceOfTheFakeLibrary) {
  SourceStatus status;
  auto source = NvmlSource::open(WINML_FAKE_NVML_LIB, status);
  ASSERT_TRUE(source) << status.detail;
  EXPECT_TRUE(status.available);
  EXPECT_EQ(status.detail, "2 GPUs: utilisation, memory, energy");
  Sample first;
  source->read(first);
  // The busiest device's utilisation: device 0 at 10 %, device 1 at 30 %.
  EXPECT_DOUBLE_EQ(*first.device_utilisation, 0.3);
  EXPECT_EQ(*first.device_memory_bytes, 3ull << 30);
  EXPECT_DOUBLE_EQ(*first.energy_j, 3.0);  // 1.5 J per device since it was opened
  Sample second;
  second.energy_j = 1.0;  // another meter's joules: added to
  source->read(second);
  EXPECT_DOUBLE_EQ(*second.device_utilisation, 0.3);
  EXPECT_DOUBLE_EQ(*second.energy_j, 7.0);
  Sample third;
  source->read(third);
  EXPECT_DOUBLE_EQ(*third.device_utilisation, 0.3);
  Sample fourth;
  source->read(fourth);
  EXPECT_DOUBLE_EQ(*fourth.device_utilisation, 0.4);  // device 0 climbed past device 1
}

TEST(NvmlSource, NoDriverOrNoDeviceSaysWhy) {
  SourceStatus status;
  EXPECT_FALSE(NvmlSource::open("libwinml-no-such-nvml.so.1", status));
  EXPECT_FALSE(status.available);
  EXPECT_NE(status.detail.find("not found (the NVIDIA driver installs it)"), std::string::npos) << status.detail;
  EXPECT_FALSE(NvmlSource::open(WINML_FAKE_NVML_NO_DEVICES_LIB, status));
  EXPECT_NE(status.detail.find("nvmlInit failed"), std::string::npos) << status.detail;
}

}  // namespace
}  // namespace winml::resources
