#include "util/ascii_case.h"

#include <gtest/gtest.h>

namespace winml {
namespace {

TEST(AsciiCase, LowerAndUpper) {
  EXPECT_EQ(to_lower("QNNExecutionProvider"), "qnnexecutionprovider");
  EXPECT_EQ(to_lower("NV_TENSORRT_RTX-1.2"), "nv_tensorrt_rtx-1.2");
  EXPECT_EQ(to_upper("npu"), "NPU");
  EXPECT_EQ(to_upper("gpu.1"), "GPU.1");
  EXPECT_EQ(to_lower(""), "");
  EXPECT_EQ(to_upper(""), "");
}

TEST(AsciiCase, LeavesNonAsciiBytesAlone) {
  // UTF-8 "É" and "ı" are multi-byte: no byte of them is an ASCII letter, so nothing changes.
  EXPECT_EQ(to_lower("\xC3\x89"), "\xC3\x89");
  EXPECT_EQ(to_upper("\xC4\xB1"), "\xC4\xB1");
  EXPECT_EQ(to_upper("a@[`{z"), "A@[`{Z");  // the neighbours of the letter ranges stay
  EXPECT_EQ(to_lower("A@[`{Z"), "a@[`{z");
}

TEST(AsciiCase, Iequals) {
  EXPECT_TRUE(iequals("OpenVINO", "openvino"));
  EXPECT_TRUE(iequals("", ""));
  EXPECT_FALSE(iequals("openvino", "openvin"));
  EXPECT_FALSE(iequals("cpu", "cpv"));
  EXPECT_FALSE(iequals("@", "`"));  // 0x40 and 0x60 differ by the case bit but are not letters
  static_assert(iequals("NPU", "npu"));
}

}  // namespace
}  // namespace winml
