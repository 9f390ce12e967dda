#pragma once
/// \file
/// Injected machines for the EP tests: what ONNX Runtime would report on typical hosts.

#include "ep/discovery.h"
#include "ep/resolution.h"

namespace winml::ep::testing {

/// Snapdragon laptop: CPU built in, QNN registered as a plugin with an NPU and a GPU device, DML.
inline FixedEpDiscovery qnn_laptop() {
  return FixedEpDiscovery({"DmlExecutionProvider", "CPUExecutionProvider"},
                          {{"QNNExecutionProvider", "npu", "Qualcomm"},
                           {"QNNExecutionProvider", "gpu", "Qualcomm"},
                           {"CPUExecutionProvider", "cpu", "Qualcomm"}});
}

/// Intel host with the OpenVINO build of ONNX Runtime: OpenVINO counts for npu, gpu and cpu.
inline FixedEpDiscovery openvino_host() {
  return FixedEpDiscovery({"OpenVINOExecutionProvider", "CPUExecutionProvider"});
}

/// Intel laptop on Windows: OpenVINO plus DirectML.
inline FixedEpDiscovery intel_laptop() {
  return FixedEpDiscovery({"OpenVINOExecutionProvider", "DmlExecutionProvider", "CPUExecutionProvider"});
}

/// Linux CUDA box with the GPU build: TensorRT, CUDA, CPU.
inline FixedEpDiscovery cuda_box() {
  return FixedEpDiscovery({"TensorrtExecutionProvider", "CUDAExecutionProvider", "CPUExecutionProvider"});
}

/// AMD Ryzen AI laptop: VitisAI plugin on the NPU, DML, CPU.
inline FixedEpDiscovery ryzen_laptop() {
  return FixedEpDiscovery({"DmlExecutionProvider", "CPUExecutionProvider"},
                          {{"VitisAIExecutionProvider", "npu", "AMD"}});
}

/// A plain CPU build, like our CI machines.
inline FixedEpDiscovery cpu_only() { return FixedEpDiscovery({"CPUExecutionProvider"}); }

/// A resolver for one of the machines above.
inline EpResolver resolver(FixedEpDiscovery discovery) { return EpResolver(discover_device_eps(discovery)); }

}  // namespace winml::ep::testing
