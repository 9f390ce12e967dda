// The test EP's pure parts (blob format, kernels, env parsing) without ONNX Runtime.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>

#include "test_ep/blob.h"
#include "test_ep/compatibility.h"
#include "test_ep/env_config.h"
#include "test_ep/kernels.h"

namespace winml_test_ep {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

Program sample_program() {
  return {{"A", "W with space", "C\n"},
          {"Y"},
          {{"MatMul", {"A", "W with space"}, {"T"}}, {"Add", {"T", "T"}, {"U"}}, {"Mul", {"U", "C\n"}, {"Y"}}}};
}

TEST(TestEpBlob, RoundTrips) { EXPECT_EQ(decode(encode(sample_program())), sample_program()); }

// Any truncation and any changed byte is reported, never decoded into some other program.
TEST(TestEpBlob, RejectsEveryTruncationAndFlippedByte) {
  const std::string blob = encode(sample_program());
  for (std::size_t size = 0; size < blob.size(); ++size) {
    EXPECT_THROW(decode(blob.substr(0, size)), std::invalid_argument) << size;
  }
  for (std::size_t i = 0; i < blob.size(); ++i) {
    std::string damaged = blob;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x01);
    EXPECT_THROW(decode(damaged), std::invalid_argument) << i;
  }
}

TEST(TestEpBlob, RejectsAnInvalidProgramEvenWithAGoodChecksum) {
  Program bad = sample_program();
  bad.nodes[0].op_type = "Relu";
  try {
    decode(encode(bad));
    FAIL() << "decoded";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("corrupt EPContext blob: unsupported op type 'Relu'"));
  }
  bad = sample_program();
  bad.nodes[1].inputs[0] = "later";
  EXPECT_THROW(decode(encode(bad)), std::invalid_argument);
}

TensorView view(const Shape& shape, const std::vector<float>& data) { return {shape, data}; }

TEST(TestEpKernels, AddBroadcasts) {
  const std::vector<float> a = {1, 2, 3}, b = {10, 20};
  const Tensor sum = add(view({1, 3}, a), view({2, 1}, b));
  EXPECT_EQ(sum.shape, (Shape{2, 3}));
  EXPECT_THAT(sum.data, ElementsAre(11, 12, 13, 21, 22, 23));
  EXPECT_THROW(add(view({3}, a), view({2}, b)), std::invalid_argument);
}

TEST(TestEpKernels, MatMulFollowsNumpy) {
  const std::vector<float> a = {1, 2, 3, 4, 5, 6}, v = {1, 0, -1};
  const Tensor m = matmul(view({2, 3}, a), view({3}, v));  // matrix @ vector
  EXPECT_EQ(m.shape, (Shape{2}));
  EXPECT_THAT(m.data, ElementsAre(-2, -2));
  const Tensor r = matmul(view({3}, v), view({3, 2}, a));  // vector @ matrix
  EXPECT_EQ(r.shape, (Shape{2}));
  EXPECT_THAT(r.data, ElementsAre(-4, -4));
  const Tensor batch = matmul(view({2, 1, 3}, a), view({3, 1}, v));  // batch broadcast
  EXPECT_EQ(batch.shape, (Shape{2, 1, 1}));
  EXPECT_THAT(batch.data, ElementsAre(-2, -2));
  EXPECT_THROW(matmul(view({2, 3}, a), view({2, 3}, a)), std::invalid_argument);
}

TEST(TestEpEnv, ParsesDeviceLists) {
  EXPECT_THAT(parse_devices(" npu , cpu,,npu "), ElementsAre(DeviceKind::npu, DeviceKind::cpu));
  EXPECT_TRUE(parse_devices("").empty());
  EXPECT_THROW(parse_devices("cpu,tpu"), std::invalid_argument);
}

TEST(TestEpCompatibility, JudgesItsOwnInfoByTheDeviceItComputesFor) {
  const std::string info = compatibility_info({DeviceKind::npu, DeviceKind::cpu});
  EXPECT_EQ(info, "WinmlTestEP 0.1.0 devices=npu,cpu");
  EXPECT_EQ(judge(info, DeviceKind::npu), Verdict::optimal);
  EXPECT_EQ(judge(info, DeviceKind::cpu), Verdict::optimal);
  EXPECT_EQ(judge(info, DeviceKind::gpu), Verdict::unsupported);
  EXPECT_EQ(judge("WinmlTestEP 0.0.9 devices=npu", DeviceKind::npu), Verdict::unsupported);
  EXPECT_EQ(judge("OtherEP 0.1.0 devices=npu", DeviceKind::npu), Verdict::unsupported);
  EXPECT_EQ(judge("WinmlTestEP 0.1.0 devices=tpu", DeviceKind::npu), Verdict::unsupported);
}

TEST(TestEpCompatibility, ParsesTheSwitch) {
  EXPECT_EQ(parse_verdict(""), std::nullopt);
  EXPECT_EQ(parse_verdict("optimal"), Verdict::optimal);
  EXPECT_EQ(parse_verdict("prefer_recompile"), Verdict::prefer_recompile);
  EXPECT_EQ(parse_verdict("unsupported"), Verdict::unsupported);
  try {
    parse_verdict("stale");
    ADD_FAILURE() << "accepted 'stale'";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("WINML_TEST_EP_COMPATIBILITY"));
    EXPECT_THAT(e.what(), HasSubstr("prefer_recompile"));
  }
}

TEST(TestEpCompatibility, SaysWhyItCannotUseADevice) {
  const std::vector<DeviceKind> all = {DeviceKind::cpu, DeviceKind::gpu, DeviceKind::npu};
  EXPECT_EQ(incompatibility(DeviceKind::cpu, false, all), std::nullopt);
  EXPECT_EQ(incompatibility(DeviceKind::npu, true, all), std::nullopt);
  auto left_out = incompatibility(DeviceKind::cpu, false, {DeviceKind::npu});
  ASSERT_TRUE(left_out.has_value());
  EXPECT_EQ(left_out->reasons, 1U << 1);
  EXPECT_EQ(left_out->error_code, kLeftOutByEnvironment);
  EXPECT_THAT(left_out->notes, HasSubstr("WINML_TEST_EP_DEVICES"));
  auto real_gpu = incompatibility(DeviceKind::gpu, false, all);
  ASSERT_TRUE(real_gpu.has_value());
  EXPECT_EQ(real_gpu->error_code, kNotItsOwnDevice);
  EXPECT_THAT(real_gpu->notes, HasSubstr("virtual gpu"));
}

TEST(TestEpEnv, ParsesThePerturbation) {
  EXPECT_TRUE(parse_perturbation("").op_type.empty());
  const Perturbation add = parse_perturbation("add");
  EXPECT_EQ(add.op_type, "Add");
  EXPECT_EQ(add.offset, kDefaultPerturbOffset);
  const Perturbation mul = parse_perturbation("Mul:0.125");
  EXPECT_EQ(mul.op_type, "Mul");
  EXPECT_EQ(mul.offset, 0.125F);
  EXPECT_EQ(parse_perturbation("MATMUL:-2").offset, -2.0F);
  for (const char* bad : {"gemm", "add:", "add:x", "mul:1x", "matmul:inf", "ad", ":1"}) {
    EXPECT_THROW(parse_perturbation(bad), std::invalid_argument) << bad;
  }
}

}  // namespace
}  // namespace winml_test_ep
