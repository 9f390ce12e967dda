#include "resources/pdh_source.h"

#include <gtest/gtest.h>

#include "resources/gpu_engine_instance.h"

namespace winml::resources {
namespace {

TEST(GpuEngineInstance, SplitsTheEngineFromTheProcessAndTheType) {
  const auto a = parse_gpu_engine_instance("pid_1234_luid_0x00000000_0x0000D1E5_phys_0_eng_3_engtype_3D");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->engine, "luid_0x00000000_0x0000D1E5_phys_0_eng_3");
  EXPECT_EQ(a->type, "3D");
  const auto b = parse_gpu_engine_instance("pid_99_luid_0x00000000_0x0000D1E5_phys_0_eng_3_engtype_3D");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->engine, a->engine);  // another process, the same engine
  EXPECT_EQ(parse_gpu_engine_instance("pid_1_luid_0x0_0x1_phys_0_eng_0_engtype_VideoDecode")->type, "VideoDecode");
  EXPECT_FALSE(parse_gpu_engine_instance("_Total"));
  EXPECT_FALSE(parse_gpu_engine_instance("luid_0x0_0x1_phys_0"));                // an adapter, no engine
  EXPECT_FALSE(parse_gpu_engine_instance("pid_1_luid_0x0_0x1_eng_0_engtype_"));  // no type
}

TEST(PdhSource, SumsProcessesPerEngineAndKeepsTheBusiestPerType) {
  SourceStatus status;
  auto source = PdhSource::open(WINML_FAKE_PDH_LIB, status);
  ASSERT_TRUE(source) << status.detail;
  EXPECT_TRUE(status.available);
  EXPECT_EQ(status.detail, "GPU and NPU engines, dedicated memory, shared memory");
  source->assign_engine_slots(2, 3);  // as a sampler would, after another source's two slots
  Sample first;
  source->read(first);  // the fake's second collect: process 100 at 10 % of A's 3D engine
  // A's 3D engine: 10 % + 20 % from two processes; B's Compute engine 40 % (its invalid item and
  // "_Total" left out); A's Compute engine 5 %.
  EXPECT_DOUBLE_EQ(*first.device_utilisation, 0.4);
  EXPECT_FLOAT_EQ(first.engine_utilisation[2], 0.3F);  // 3D
  EXPECT_FLOAT_EQ(first.engine_utilisation[3], 0.4F);  // Compute: the busiest of A's and B's
  EXPECT_EQ(first.engine_utilisation[4], kUnreadEngine);
  EXPECT_EQ(first.engine_utilisation[0], kUnreadEngine);  // not this source's slots
  EXPECT_EQ(*first.device_memory_bytes, (1ull << 30) + (256ull << 20));
  EXPECT_EQ(*first.device_shared_memory_bytes, 512ull << 20);
  Sample second;
  second.device_memory_bytes = 1000;  // another source's memory: added to
  source->read(second);
  source->read(second);                               // 30 % + 20 %
  EXPECT_DOUBLE_EQ(*second.device_utilisation, 0.5);  // A's 3D engine now the busiest
  EXPECT_FLOAT_EQ(second.engine_utilisation[2], 0.5F);
  EXPECT_EQ(*second.device_memory_bytes, 1000 + 2 * ((1ull << 30) + (256ull << 20)));
  EXPECT_EQ(source->engine_types(), (std::vector<std::string>{"3D", "Compute"}));
  for (int i = 0; i < 12; ++i) source->read(second);
  Sample capped;
  source->read(capped);  // 170 % + 20 %: one engine is at most fully busy
  EXPECT_DOUBLE_EQ(*capped.device_utilisation, 1.0);
}

TEST(PdhSource, NoGpuCountersSaysWhy) {
  SourceStatus status;
  EXPECT_FALSE(PdhSource::open(WINML_FAKE_PDH_NO_GPU_LIB, status));
  EXPECT_FALSE(status.available);
  EXPECT_NE(status.detail.find("no GPU Engine counters"), std::string::npos) << status.detail;
  EXPECT_NE(status.detail.find("WDDM 2"), std::string::npos) << status.detail;
  EXPECT_FALSE(PdhSource::open("winml-no-such-pdh.dll", status));
  EXPECT_NE(status.detail.find("could not be loaded"), std::string::npos) << status.detail;
}

}  // namespace
}  // namespace winml::resources
