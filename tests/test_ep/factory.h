#pragma once
/// \file
/// The test EP's factory: offers the host CPU that ORT found plus a virtual NPU and a virtual GPU
/// (as WINML_TEST_EP_DEVICES selects, read at each GetSupportedDevices, i.e. at library
/// registration), and creates one TestEp per session. It judges compiled models' compatibility
/// info and says why it cannot use a device (compatibility.h).

#include <vector>

#include "ort.h"

namespace winml_test_ep {

/// The OrtEpFactory of the test EP. One per registration of the library.
class TestEpFactory : public OrtEpFactory {
 public:
  TestEpFactory();
  /// Releases the virtual hardware devices it created (ORT releases the OrtEpDevices).
  ~TestEpFactory();

  TestEpFactory(const TestEpFactory&) = delete;
  TestEpFactory& operator=(const TestEpFactory&) = delete;

 private:
  static const char* ORT_API_CALL get_name(const OrtEpFactory* self) noexcept;
  static const char* ORT_API_CALL get_vendor(const OrtEpFactory* self) noexcept;
  static uint32_t ORT_API_CALL get_vendor_id(const OrtEpFactory* self) noexcept;
  static const char* ORT_API_CALL get_version(const OrtEpFactory* self) noexcept;
  static OrtStatus* ORT_API_CALL get_supported_devices(OrtEpFactory* self, const OrtHardwareDevice* const* devices,
                                                       size_t num_devices, OrtEpDevice** ep_devices,
                                                       size_t max_ep_devices, size_t* num_ep_devices) noexcept;
  static OrtStatus* ORT_API_CALL create_ep(OrtEpFactory* self, const OrtHardwareDevice* const* devices,
                                           const OrtKeyValuePairs* const* ep_metadata, size_t num_devices,
                                           const OrtSessionOptions* session_options, const OrtLogger* logger,
                                           OrtEp** ep) noexcept;
  static void ORT_API_CALL release_ep(OrtEpFactory* self, OrtEp* ep) noexcept;
  static OrtStatus* ORT_API_CALL create_allocator(OrtEpFactory* self, const OrtMemoryInfo* memory_info,
                                                  const OrtKeyValuePairs* options, OrtAllocator** allocator) noexcept;
  static void ORT_API_CALL release_allocator(OrtEpFactory* self, OrtAllocator* allocator) noexcept;
  static OrtStatus* ORT_API_CALL create_data_transfer(OrtEpFactory* self, OrtDataTransferImpl** data_transfer) noexcept;
  static bool ORT_API_CALL is_stream_aware(const OrtEpFactory* self) noexcept;
  static OrtStatus* ORT_API_CALL create_sync_stream(OrtEpFactory* self, const OrtMemoryDevice* memory_device,
                                                    const OrtKeyValuePairs* options,
                                                    OrtSyncStreamImpl** stream) noexcept;
  static OrtStatus* ORT_API_CALL validate_compatibility(OrtEpFactory* self, const OrtHardwareDevice* const* devices,
                                                        size_t num_devices, const char* compatibility_info,
                                                        OrtCompiledModelCompatibility* compatibility) noexcept;
  static OrtStatus* ORT_API_CALL device_incompatibility(OrtEpFactory* self, const OrtHardwareDevice* hardware,
                                                        OrtDeviceEpIncompatibilityDetails* details) noexcept;

  void add_devices(const OrtHardwareDevice* const* devices, size_t num_devices, OrtEpDevice** ep_devices,
                   size_t max_ep_devices, size_t* num_ep_devices);
  const OrtHardwareDevice* virtual_device(OrtHardwareDeviceType type, uint32_t device_id, const char* description);

  std::vector<OrtHardwareDevice*> virtual_devices_;
};

}  // namespace winml_test_ep
