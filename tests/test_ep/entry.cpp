// The library's only exported symbols (see exports.map): ORT finds them with dlsym after
// RegisterExecutionProviderLibrary.

#include "factory.h"
#include "ort.h"

#define WINML_TEST_EP_EXPORT extern "C" __attribute__((visibility("default")))

WINML_TEST_EP_EXPORT OrtStatus* CreateEpFactories(const char* /*registered_name*/, const OrtApiBase* ort_api_base,
                                                  const OrtLogger* /*default_logger*/, OrtEpFactory** factories,
                                                  size_t max_factories, size_t* num_factories) {
  *num_factories = 0;
  // The OrtApi of the ORT that loads us: the library links no libonnxruntime of its own.
  const OrtApi* api = ort_api_base->GetApi(ORT_API_VERSION);
  if (api == nullptr) return nullptr;  // an ORT older than our headers: offer nothing rather than crash
  Ort::InitApi(api);
  if (max_factories < 1) return api->CreateStatus(ORT_INVALID_ARGUMENT, "WinmlTestEP: no room for a factory");
  return winml_test_ep::guarded([&]() -> OrtStatus* {
    factories[0] = new winml_test_ep::TestEpFactory();
    *num_factories = 1;
    return nullptr;
  });
}

WINML_TEST_EP_EXPORT OrtStatus* ReleaseEpFactory(OrtEpFactory* factory) {
  delete static_cast<winml_test_ep::TestEpFactory*>(factory);
  return nullptr;
}
