// What ONNX Runtime says about fitness for a device: of a compiled model for the EP devices it
// would run on, and of an EP for each hardware device it does not list.

#include "engine/impl/compatibility.h"

#include <algorithm>
#include <utility>

#include "engine/ep_device_selection.h"
#include "engine/impl/error_translation.h"
#include "engine/impl/ort_environment.h"

namespace winml::engine::impl {
namespace {

ModelCompatibility from_ort(OrtCompiledModelCompatibility status) {
  switch (status) {
    case OrtCompiledModelCompatibility_EP_SUPPORTED_OPTIMAL:
      return ModelCompatibility::optimal;
    case OrtCompiledModelCompatibility_EP_SUPPORTED_PREFER_RECOMPILATION:
      return ModelCompatibility::prefer_recompile;
    case OrtCompiledModelCompatibility_EP_UNSUPPORTED:
      return ModelCompatibility::unsupported;
    case OrtCompiledModelCompatibility_EP_NOT_APPLICABLE:
      break;
  }
  return ModelCompatibility::not_applicable;
}

// The same hardware device as ONNX Runtime describes it (type, ids, vendor): an EP device refers
// to the environment's hardware device, but nothing promises the pointers are the same.
bool same_device(Ort::ConstHardwareDevice a, Ort::ConstHardwareDevice b) {
  const std::string vendor_a = a.Vendor() == nullptr ? "" : a.Vendor();
  const std::string vendor_b = b.Vendor() == nullptr ? "" : b.Vendor();
  return a.Type() == b.Type() && a.VendorId() == b.VendorId() && a.DeviceId() == b.DeviceId() && vendor_a == vendor_b;
}

bool lists(const std::vector<Ort::ConstEpDevice>& devices, const std::string& ep, Ort::ConstHardwareDevice hardware) {
  return std::any_of(devices.begin(), devices.end(), [&](const Ort::ConstEpDevice& device) {
    return device.EpName() == ep && same_device(device.Device(), hardware);
  });
}

}  // namespace

ModelCompatibility compiled_model_compatibility(const std::string& compatibility_info, const ProviderSpec& provider) {
  return translate_errors<SessionError>("ONNX Runtime could not check a compiled model against " + provider.name, [&] {
    std::vector<Ort::ConstEpDevice> ort_devices = ort_env().GetEpDevices();
    std::vector<EpDevice> described;
    for (const auto& device : ort_devices)
      described.push_back({device.EpName(), device_type_name(device.Device().Type()), ""});
    std::vector<Ort::ConstEpDevice> chosen;
    for (std::size_t index : select_ep_devices(described, provider)) chosen.push_back(ort_devices[index]);
    if (chosen.empty()) {
      throw SessionError(provider.name + " lists no " +
                         (provider.device_type.empty() ? "" : provider.device_type + " ") +
                         "device here to check a compiled model against");
    }
    return from_ort(Ort::GetModelCompatibilityForEpDevices(chosen, compatibility_info.c_str()));
  });
}

std::vector<DeviceIncompatibility> device_incompatibilities() {
  return translate_errors<SessionError>("ONNX Runtime could not list its hardware devices", [] {
    std::vector<Ort::ConstEpDevice> ep_devices = ort_env().GetEpDevices();
    std::vector<std::string> eps;
    for (const auto& device : ep_devices) {
      if (std::find(eps.begin(), eps.end(), device.EpName()) == eps.end()) eps.emplace_back(device.EpName());
    }
    std::vector<DeviceIncompatibility> out;
    for (Ort::ConstHardwareDevice hardware : ort_env().GetHardwareDevices()) {
      for (const auto& ep : eps) {
        if (lists(ep_devices, ep, hardware)) continue;
        DeviceIncompatibility entry{ep,
                                    device_type_name(hardware.Type()),
                                    hardware.Vendor() == nullptr ? "" : hardware.Vendor(),
                                    hardware.VendorId(),
                                    hardware.DeviceId(),
                                    0,
                                    0,
                                    {},
                                    {}};
        try {
          Ort::DeviceEpIncompatibilityDetails details =
              ort_env().GetHardwareDeviceEpIncompatibilityDetails(ep.c_str(), hardware);
          entry.reasons = details.GetReasonsBitmask();
          entry.error_code = details.GetErrorCode();
          if (const char* notes = details.GetNotes(); notes != nullptr) entry.notes = notes;
        } catch (const Ort::Exception& e) {
          // One EP that cannot answer must not hide the others' answers.
          entry.query_error = e.what();
        }
        out.push_back(std::move(entry));
      }
    }
    return out;
  });
}

}  // namespace winml::engine::impl
