#include <windows.h>
// windows.h first: the headers below use its types.
#include <initguid.h>
#include <setupapi.h>
#include <winioctl.h>

#include "platform/energy_meters.h"
#include "platform/utf16_win32.h"

namespace winml::platform {
namespace {

// emi.h's interface GUID and IOCTLs (the header is not in every SDK winml builds with).
DEFINE_GUID(kEnergyMeterInterface, 0x45bd8344, 0x7ed6, 0x49cf, 0xa4, 0x40, 0xc2, 0x76, 0xc9, 0x33, 0xb0, 0x53);
constexpr DWORD emi_ioctl(DWORD function) {
  return CTL_CODE(FILE_DEVICE_UNKNOWN, function, METHOD_BUFFERED, FILE_READ_ACCESS);
}
constexpr DWORD kGetVersion = emi_ioctl(0);
constexpr DWORD kGetMetadataSize = emi_ioctl(1);
constexpr DWORD kGetMetadata = emi_ioctl(2);
constexpr DWORD kGetMeasurement = emi_ioctl(3);

class Win32Meter final : public EnergyMeterDevice {
 public:
  Win32Meter(HANDLE handle, std::uint16_t version, std::vector<std::byte> metadata)
      : handle_(handle), version_(version), metadata_(std::move(metadata)) {}
  ~Win32Meter() override { ::CloseHandle(handle_); }
  Win32Meter(const Win32Meter&) = delete;
  Win32Meter& operator=(const Win32Meter&) = delete;

  std::uint16_t version() const override { return version_; }
  const std::vector<std::byte>& metadata() const override { return metadata_; }
  bool measure(std::span<std::byte> out) noexcept override {
    DWORD returned = 0;
    return ::DeviceIoControl(handle_, kGetMeasurement, nullptr, 0, out.data(), static_cast<DWORD>(out.size()),
                             &returned, nullptr) != 0 &&
           returned == out.size();
  }

 private:
  HANDLE handle_;
  std::uint16_t version_;
  std::vector<std::byte> metadata_;
};

// The device's version and metadata, or why not.
std::unique_ptr<EnergyMeterDevice> open_meter(const wchar_t* path, std::string& why) {
  HANDLE handle = ::CreateFileW(path, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                FILE_ATTRIBUTE_NORMAL, nullptr);
  if (handle == INVALID_HANDLE_VALUE) {
    why = "an energy meter could not be opened: " + win32::error_text(::GetLastError());
    return nullptr;
  }
  DWORD returned = 0;
  USHORT version = 0;
  ULONG size = 0;
  if (::DeviceIoControl(handle, kGetVersion, nullptr, 0, &version, sizeof version, &returned, nullptr) == 0 ||
      ::DeviceIoControl(handle, kGetMetadataSize, nullptr, 0, &size, sizeof size, &returned, nullptr) == 0 ||
      size == 0) {
    why = "an energy meter did not say its version and metadata size: " + win32::error_text(::GetLastError());
    ::CloseHandle(handle);
    return nullptr;
  }
  std::vector<std::byte> metadata(size);
  if (::DeviceIoControl(handle, kGetMetadata, nullptr, 0, metadata.data(), size, &returned, nullptr) == 0) {
    why = "an energy meter did not give its metadata: " + win32::error_text(::GetLastError());
    ::CloseHandle(handle);
    return nullptr;
  }
  metadata.resize(returned);
  return std::make_unique<Win32Meter>(handle, version, std::move(metadata));
}

}  // namespace

EnergyMeters open_energy_meters() {
  EnergyMeters found;
  HDEVINFO set =
      ::SetupDiGetClassDevsW(&kEnergyMeterInterface, nullptr, nullptr, DIGCF_PRESENT | DIGCF_DEVICEINTERFACE);
  if (set == INVALID_HANDLE_VALUE) {
    found.why_none = "the device list could not be read: " + win32::error_text(::GetLastError());
    return found;
  }
  SP_DEVICE_INTERFACE_DATA item{};
  item.cbSize = sizeof item;
  for (DWORD i = 0; ::SetupDiEnumDeviceInterfaces(set, nullptr, &kEnergyMeterInterface, i, &item) != 0; ++i) {
    DWORD needed = 0;
    ::SetupDiGetDeviceInterfaceDetailW(set, &item, nullptr, 0, &needed, nullptr);
    if (needed < sizeof(SP_DEVICE_INTERFACE_DETAIL_DATA_W)) continue;
    // The detail is a variable-length struct; 8-byte words keep it aligned.
    std::vector<std::uint64_t> storage((needed + sizeof(std::uint64_t) - 1) / sizeof(std::uint64_t));
    auto* detail = reinterpret_cast<SP_DEVICE_INTERFACE_DETAIL_DATA_W*>(storage.data());
    detail->cbSize = sizeof(SP_DEVICE_INTERFACE_DETAIL_DATA_W);
    if (::SetupDiGetDeviceInterfaceDetailW(set, &item, detail, needed, nullptr, nullptr) == 0) continue;
    if (auto meter = open_meter(detail->DevicePath, found.why_none)) found.devices.push_back(std::move(meter));
  }
  ::SetupDiDestroyDeviceInfoList(set);
  if (found.devices.empty() && found.why_none.empty()) found.why_none = "no energy meter on this machine";
  if (!found.devices.empty()) found.why_none.clear();
  return found;
}

// Windows' meters are EMI's, above.
std::filesystem::path powercap_root() { return {}; }

}  // namespace winml::platform
