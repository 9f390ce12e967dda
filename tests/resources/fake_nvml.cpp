// A stand-in for libnvidia-ml built in the test tree: two devices with scripted readings, so the
// NVML source is tested on machines without an NVIDIA GPU. Each utilisation read of device 0
// climbs 10 points (device 1 stays at 30 %); memory in use is 1 GiB and 2 GiB; each energy read
// adds 1500 mJ per device. FAKE_NVML_NO_DEVICES builds a library whose init fails.

#include <cstdint>

#if defined(_WIN32)
#define FAKE_NVML_EXPORT extern "C" __declspec(dllexport)
#else
#define FAKE_NVML_EXPORT extern "C" __attribute__((visibility("default")))
#endif

namespace {
struct Utilization {
  unsigned int gpu;
  unsigned int memory;
};
struct Memory {
  unsigned long long total, free, used;
};
int devices[2] = {0, 1};
unsigned int utilization_reads = 0;
unsigned long long energy_mj[2] = {5000, 9000};
}  // namespace

FAKE_NVML_EXPORT int nvmlInit_v2() {
#ifdef FAKE_NVML_NO_DEVICES
  return 9;  // NVML_ERROR_DRIVER_NOT_LOADED
#else
  return 0;
#endif
}
FAKE_NVML_EXPORT int nvmlShutdown() { return 0; }
FAKE_NVML_EXPORT int nvmlDeviceGetCount_v2(unsigned int* count) {
  *count = 2;
  return 0;
}
FAKE_NVML_EXPORT int nvmlDeviceGetHandleByIndex_v2(unsigned int index, void** device) {
  if (index > 1) return 2;  // NVML_ERROR_INVALID_ARGUMENT
  *device = &devices[index];
  return 0;
}
// The out-structs are void*, as winml's pointers to these functions declare them.
FAKE_NVML_EXPORT int nvmlDeviceGetUtilizationRates(void* device, void* out_struct) {
  auto* out = static_cast<Utilization*>(out_struct);
  const int index = *static_cast<int*>(device);
  out->gpu = index == 0 ? 10 * (++utilization_reads) : 30;
  out->memory = 0;
  return 0;
}
FAKE_NVML_EXPORT int nvmlDeviceGetMemoryInfo(void* device, void* out_struct) {
  auto* out = static_cast<Memory*>(out_struct);
  const int index = *static_cast<int*>(device);
  out->total = 16ull << 30;
  out->used = (index + 1ull) << 30;
  out->free = out->total - out->used;
  return 0;
}
FAKE_NVML_EXPORT int nvmlDeviceGetTotalEnergyConsumption(void* device, unsigned long long* mj) {
  const int index = *static_cast<int*>(device);
  *mj = energy_mj[index];
  energy_mj[index] += 1500;
  return 0;
}
