#include "report/sys_report.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

namespace winml::report {
namespace {

using ::testing::HasSubstr;
using Json = nlohmann::ordered_json;

perf::MachineInfo sys_machine() {
  perf::MachineInfo machine;
  machine.cpu_model = "Test CPU";
  machine.logical_cores = 8;
  machine.physical_cores = 4;
  machine.memory_total_bytes = 16ull << 30;
  machine.os = "TestOS 1";
  machine.kernel = "Linux 6.1";
  machine.arch = "x86_64";
  machine.winml_version = "0.1.0";
  machine.winml_commit = "abc123";
  machine.power = {platform::PowerSource::ac, 87.0, "best performance"};
  return machine;
}

SysEngineFacts cuda_engine() {
  SysEngineFacts facts;
  facts.versions = {"1.22.0", "0.8.0"};
  facts.available_providers = {"CUDAExecutionProvider", "CPUExecutionProvider"};
  facts.libraries = {{"AcmeEP", "/opt/acme/libacme.so", "--ep-library"}};
  facts.incompatible = {{"AcmeEP", "gpu", "Acme", 0x1234, 1,
                         engine::kIncompatibleDriver | engine::kMissingDependency | (1U << 4), 7, "driver 1.2 too old",
                         ""}};
  return facts;
}

TEST(SysReportTest, DocumentKeepsItsSchemaAndKeyOrder) {
  Json doc = sys_document(sys_machine());
  add_sys_engine_sections(doc, cuda_engine());
  EXPECT_EQ(doc.dump(),
            R"({"schema_version":1,"host":{"cpu_model":"Test CPU","logical_cores":8,"physical_cores":4,)"
            R"("memory_total_bytes":17179869184,"os":"TestOS 1","kernel":"Linux 6.1","arch":"x86_64",)"
            R"("power":{"source":"ac","battery_percent":87.0,"mode":"best performance"}},)"
            R"("versions":{"winml":"0.1.0","winml_commit":"abc123","onnxruntime":"1.22.0","genai":"0.8.0"},)"
            R"("devices":[{"device":"npu","eps":[]},)"
            R"({"device":"gpu","eps":[{"priority":1,"name":"CUDAExecutionProvider","alias":"cuda",)"
            R"("primary_device":true,"epcontext":false}]},)"
            R"({"device":"cpu","eps":[{"priority":1,"name":"CPUExecutionProvider","alias":"cpu",)"
            R"("primary_device":true,"epcontext":false}]}],)"
            R"("available_providers":["CUDAExecutionProvider","CPUExecutionProvider"],"ep_devices":[],)"
            R"("incompatible":[{"ep":"AcmeEP","device":"gpu","vendor":"Acme","vendor_id":4660,"device_id":1,)"
            R"("reasons":["driver_incompatible","missing_dependency","bit_4"],"error_code":7,)"
            R"("notes":"driver 1.2 too old","error":null}],)"
            R"("ep_libraries":[{"name":"AcmeEP","path":"/opt/acme/libacme.so"}]})");
}

TEST(SysReportTest, TextWithoutTheEngineShowsTheHostAlone) {
  const std::string text = sys_text(sys_document(sys_machine()), false);
  EXPECT_THAT(text, HasSubstr("Host\n"));
  EXPECT_THAT(text, HasSubstr("Test CPU"));
  EXPECT_THAT(text, HasSubstr("TestOS 1 (Linux 6.1 x86_64)"));
  EXPECT_THAT(text, HasSubstr("  Power   AC · battery 87 % · power mode best performance\n"));
  EXPECT_EQ(text.find("ONNX Runtime"), std::string::npos);
  EXPECT_EQ(text.find("Devices and execution providers"), std::string::npos);
}

TEST(SysReportTest, TextListsDevicesEpsAndLibraries) {
  Json doc = sys_document(sys_machine());
  add_sys_engine_sections(doc, cuda_engine());
  const std::string text = sys_text(doc, false);
  EXPECT_THAT(text, HasSubstr("1.22.0"));
  EXPECT_THAT(text, HasSubstr("(none available)"));
  EXPECT_THAT(text, HasSubstr("CUDAExecutionProvider"));
  EXPECT_THAT(text, HasSubstr("Plugin EP libraries\n  AcmeEP = /opt/acme/libacme.so\n"));
  EXPECT_THAT(text, HasSubstr("Devices an EP cannot use"));
  EXPECT_THAT(text, HasSubstr("driver_incompatible, missing_dependency, bit_4 (code 7): driver 1.2 too old"));
  SysEngineFacts bare = cuda_engine();
  bare.libraries.clear();
  Json without = sys_document(sys_machine());
  add_sys_engine_sections(without, bare);
  EXPECT_THAT(sys_text(without, false), HasSubstr("(none; register one with --ep-library NAME=PATH"));
}

TEST(SysReportTest, TextSaysWhenOnnxRuntimeCouldNotTellWhy) {
  SysEngineFacts facts = cuda_engine();
  facts.incompatible = {{"CPUExecutionProvider", "npu", "Acme", 1, 2, 0, 0, "", "no factory"}};
  Json doc = sys_document(sys_machine());
  add_sys_engine_sections(doc, facts);
  EXPECT_EQ(doc["incompatible"][0]["error"], "no factory");
  EXPECT_THAT(sys_text(doc, false), HasSubstr("ONNX Runtime could not say: no factory"));
  facts.incompatible = {{"CPUExecutionProvider", "npu", "Acme", 1, 2, 0, 0, "", ""}};
  Json silent = sys_document(sys_machine());
  add_sys_engine_sections(silent, facts);
  EXPECT_THAT(sys_text(silent, false), HasSubstr("no reason given"));
  facts.incompatible.clear();
  Json none = sys_document(sys_machine());
  add_sys_engine_sections(none, facts);
  EXPECT_EQ(sys_text(none, false).find("Devices an EP cannot use"), std::string::npos);
}

}  // namespace
}  // namespace winml::report
