// A plugin EP library whose entry point returns garbage: CreateEpFactories reports one factory
// and hands ONNX Runtime a pointer to nothing, so the process that registers the library crashes
// inside ONNX Runtime. A test fixture for the probe that names such a library instead of dying
// with it (src/ep/plugin_probe.h); never installed.

#include <onnxruntime_c_api.h>

#include <cstdint>

#define WINML_BROKEN_EP_EXPORT extern "C" __attribute__((visibility("default")))

WINML_BROKEN_EP_EXPORT OrtStatus* CreateEpFactories(const char* /*registered_name*/, const OrtApiBase* /*ort_api_base*/,
                                                    const OrtLogger* /*default_logger*/, OrtEpFactory** factories,
                                                    size_t max_factories, size_t* num_factories) {
  if (max_factories < 1) return nullptr;
  // An address no page is mapped at: ONNX Runtime's first look at the factory faults.
  factories[0] = reinterpret_cast<OrtEpFactory*>(std::uintptr_t{16});
  *num_factories = 1;
  return nullptr;
}

WINML_BROKEN_EP_EXPORT OrtStatus* ReleaseEpFactory(OrtEpFactory* /*factory*/) { return nullptr; }
