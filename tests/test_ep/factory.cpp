#include "factory.h"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "compatibility.h"
#include "env_config.h"
#include "ep.h"

namespace winml_test_ep {
namespace {

// Made-up PCI-style ids for the virtual devices, so they never match real hardware.
constexpr uint32_t kVendorId = 0x7E57;
constexpr uint32_t kNpuDeviceId = 0x0001;
constexpr uint32_t kGpuDeviceId = 0x0002;

DeviceKind kind_of(OrtHardwareDeviceType type) {
  switch (type) {
    case OrtHardwareDeviceType_GPU:
      return DeviceKind::gpu;
    case OrtHardwareDeviceType_NPU:
      return DeviceKind::npu;
    default:
      return DeviceKind::cpu;
  }
}

ContextSettings context_settings(const OrtSessionOptions* session_options) {
  Ort::ConstSessionOptions options{session_options};
  ContextSettings settings;
  settings.enabled = options.GetConfigEntryOrDefault("ep.context_enable", "0") == "1";
  settings.embed = options.GetConfigEntryOrDefault("ep.context_embed_mode", "0") == "1";
  settings.output_model = options.GetConfigEntryOrDefault("ep.context_file_path", "");
  return settings;
}

}  // namespace

TestEpFactory::TestEpFactory() : OrtEpFactory{} {
  ort_version_supported = ORT_API_VERSION;
  GetName = get_name;
  GetVendor = get_vendor;
  GetVendorId = get_vendor_id;
  GetVersion = get_version;
  GetSupportedDevices = get_supported_devices;
  CreateEp = create_ep;
  ReleaseEp = release_ep;
  // No device memory of its own: the EP computes in host memory, so ORT's CPU allocator and no
  // data transfer or streams are needed. Say so explicitly rather than leave the slots empty.
  CreateAllocator = create_allocator;
  ReleaseAllocator = release_allocator;
  CreateDataTransfer = create_data_transfer;
  IsStreamAware = is_stream_aware;
  CreateSyncStreamForDevice = create_sync_stream;
  ValidateCompiledModelCompatibilityInfo = validate_compatibility;
  GetHardwareDeviceIncompatibilityDetails = device_incompatibility;
}

TestEpFactory::~TestEpFactory() {
  for (OrtHardwareDevice* device : virtual_devices_) Ort::GetEpApi().ReleaseHardwareDevice(device);
}

const char* ORT_API_CALL TestEpFactory::get_name(const OrtEpFactory* /*self*/) noexcept { return kEpName; }
const char* ORT_API_CALL TestEpFactory::get_vendor(const OrtEpFactory* /*self*/) noexcept { return kVendor; }
uint32_t ORT_API_CALL TestEpFactory::get_vendor_id(const OrtEpFactory* /*self*/) noexcept { return kVendorId; }
const char* ORT_API_CALL TestEpFactory::get_version(const OrtEpFactory* /*self*/) noexcept { return kVersion; }

OrtStatus* ORT_API_CALL TestEpFactory::get_supported_devices(OrtEpFactory* self,
                                                             const OrtHardwareDevice* const* devices,
                                                             size_t num_devices, OrtEpDevice** ep_devices,
                                                             size_t max_ep_devices, size_t* num_ep_devices) noexcept {
  *num_ep_devices = 0;
  return guarded([&]() -> OrtStatus* {
    static_cast<TestEpFactory*>(self)->add_devices(devices, num_devices, ep_devices, max_ep_devices, num_ep_devices);
    return nullptr;
  });
}

void TestEpFactory::add_devices(const OrtHardwareDevice* const* devices, size_t num_devices, OrtEpDevice** ep_devices,
                                size_t max_ep_devices, size_t* num_ep_devices) {
  // Read per registration, so a test can register the library again with another device list.
  const std::vector<DeviceKind> wanted = offered_devices();
  auto offer = [&](const OrtHardwareDevice* hardware, DeviceKind kind) {
    if (*num_ep_devices >= max_ep_devices) throw std::runtime_error("WinmlTestEP: ORT has no room for more devices");
    // ORT adds "version" (from GetVersion) itself and refuses metadata that sets it.
    Ort::KeyValuePairs metadata;
    metadata.Add("winml_test_ep.device", to_string(kind));
    OrtEpDevice* ep_device = nullptr;
    Ort::ThrowOnError(Ort::GetEpApi().CreateEpDevice(this, hardware, metadata, nullptr, &ep_device));
    ep_devices[(*num_ep_devices)++] = ep_device;  // ORT owns it from here
  };

  for (DeviceKind kind : wanted) {
    if (kind == DeviceKind::cpu) {
      // The real host CPU as ORT discovered it (the first one, should a machine report several).
      for (size_t i = 0; i < num_devices; ++i) {
        if (Ort::GetApi().HardwareDevice_Type(devices[i]) == OrtHardwareDeviceType_CPU) {
          offer(devices[i], kind);
          break;
        }
      }
    } else if (kind == DeviceKind::npu) {
      offer(virtual_device(OrtHardwareDeviceType_NPU, kNpuDeviceId, "WinmlTestEP virtual NPU"), kind);
    } else {
      offer(virtual_device(OrtHardwareDeviceType_GPU, kGpuDeviceId, "WinmlTestEP virtual GPU"), kind);
    }
  }
}

const OrtHardwareDevice* TestEpFactory::virtual_device(OrtHardwareDeviceType type, uint32_t device_id,
                                                       const char* description) {
  Ort::KeyValuePairs metadata;
  metadata.Add("Description", description);
  metadata.Add("is_virtual", "1");  // kOrtHardwareDevice_MetadataKey_IsVirtual
  OrtHardwareDevice* device = nullptr;
  Ort::ThrowOnError(Ort::GetEpApi().CreateHardwareDevice(type, kVendorId, device_id, kVendor, metadata, &device));
  virtual_devices_.push_back(device);  // the OrtEpDevice refers to it: keep it until the factory goes
  return device;
}

OrtStatus* ORT_API_CALL TestEpFactory::create_ep(OrtEpFactory* /*self*/, const OrtHardwareDevice* const* devices,
                                                 const OrtKeyValuePairs* const* /*ep_metadata*/, size_t num_devices,
                                                 const OrtSessionOptions* session_options, const OrtLogger* /*logger*/,
                                                 OrtEp** ep) noexcept {
  *ep = nullptr;
  return guarded([&]() -> OrtStatus* {
    std::vector<DeviceKind> kinds;
    for (size_t i = 0; i < num_devices; ++i) kinds.push_back(kind_of(Ort::GetApi().HardwareDevice_Type(devices[i])));
    // Read per session: a test sets WINML_TEST_EP_COUNTERS before creating the session it measures.
    // guarded() turns a std::bad_alloc into an OrtStatus.
    *ep =
        new TestEp(std::move(kinds), context_settings(session_options),  // NOLINT(bugprone-unhandled-exception-at-new)
                   counters_file());
    return nullptr;
  });
}

void ORT_API_CALL TestEpFactory::release_ep(OrtEpFactory* /*self*/, OrtEp* ep) noexcept {
  delete static_cast<TestEp*>(ep);
}

OrtStatus* ORT_API_CALL TestEpFactory::create_allocator(OrtEpFactory* /*self*/, const OrtMemoryInfo* /*memory_info*/,
                                                        const OrtKeyValuePairs* /*options*/,
                                                        OrtAllocator** allocator) noexcept {
  *allocator = nullptr;
  return nullptr;
}

void ORT_API_CALL TestEpFactory::release_allocator(OrtEpFactory* /*self*/, OrtAllocator* /*allocator*/) noexcept {}

OrtStatus* ORT_API_CALL TestEpFactory::create_data_transfer(OrtEpFactory* /*self*/,
                                                            OrtDataTransferImpl** data_transfer) noexcept {
  *data_transfer = nullptr;
  return nullptr;
}

bool ORT_API_CALL TestEpFactory::is_stream_aware(const OrtEpFactory* /*self*/) noexcept { return false; }

OrtStatus* ORT_API_CALL TestEpFactory::create_sync_stream(OrtEpFactory* /*self*/,
                                                          const OrtMemoryDevice* /*memory_device*/,
                                                          const OrtKeyValuePairs* /*options*/,
                                                          OrtSyncStreamImpl** stream) noexcept {
  *stream = nullptr;
  return nullptr;
}

OrtStatus* ORT_API_CALL TestEpFactory::validate_compatibility(OrtEpFactory* /*self*/,
                                                              const OrtHardwareDevice* const* devices,
                                                              size_t num_devices, const char* compatibility_info,
                                                              OrtCompiledModelCompatibility* compatibility) noexcept {
  return guarded([&]() -> OrtStatus* {
    if (num_devices == 0 || compatibility_info == nullptr) {
      return Ort::GetApi().CreateStatus(ORT_INVALID_ARGUMENT, "WinmlTestEP: no devices or no compatibility info");
    }
    // The EP computes for the first device it is created with, so that one decides.
    const std::optional<Verdict> forced = forced_verdict();
    const Verdict verdict =
        forced ? *forced : judge(compatibility_info, kind_of(Ort::GetApi().HardwareDevice_Type(devices[0])));
    switch (verdict) {
      case Verdict::optimal:
        *compatibility = OrtCompiledModelCompatibility_EP_SUPPORTED_OPTIMAL;
        break;
      case Verdict::prefer_recompile:
        *compatibility = OrtCompiledModelCompatibility_EP_SUPPORTED_PREFER_RECOMPILATION;
        break;
      case Verdict::unsupported:
        *compatibility = OrtCompiledModelCompatibility_EP_UNSUPPORTED;
        break;
    }
    return nullptr;
  });
}

OrtStatus* ORT_API_CALL TestEpFactory::device_incompatibility(OrtEpFactory* self, const OrtHardwareDevice* hardware,
                                                              OrtDeviceEpIncompatibilityDetails* details) noexcept {
  return guarded([&]() -> OrtStatus* {
    const auto& own = static_cast<TestEpFactory*>(self)->virtual_devices_;
    const bool is_own = std::find(own.begin(), own.end(), hardware) != own.end();
    const auto why = incompatibility(kind_of(Ort::GetApi().HardwareDevice_Type(hardware)), is_own, offered_devices());
    if (!why) return nullptr;  // ORT's default: no known incompatibility
    return Ort::GetEpApi().DeviceEpIncompatibilityDetails_SetDetails(details, why->reasons, why->error_code,
                                                                     why->notes.c_str());
  });
}

}  // namespace winml_test_ep
