#include "resources/emi_source.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace winml::resources {
namespace {

// emi.h's layouts (little-endian, packed as the C structs are):
//   EMI_METADATA_V1: unit (4), HardwareOEM (16 UTF-16), HardwareModel (16 UTF-16), revision (2),
//     MeteredHardwareNameSize (2, bytes), MeteredHardwareName
//   EMI_METADATA_V2: HardwareOEM, HardwareModel, revision (2), ChannelCount (2), then per channel
//     EMI_CHANNEL_V2: unit (4), ChannelNameSize (2, bytes), ChannelName
//   EMI_CHANNEL_MEASUREMENT_DATA: AbsoluteEnergy (8, pWh), AbsoluteTime (8, 100 ns); _V1 is one,
//     _V2 one per channel.
constexpr std::size_t kNameField = 32;  // 16 UTF-16 units
constexpr std::size_t kV1NameSize = 4 + 2 * kNameField + 2;
constexpr std::size_t kV2ChannelCount = 2 * kNameField + 2;
constexpr std::size_t kMeasurementBytes = 16;
constexpr std::uint32_t kPicowattHours = 0;  // EmiMeasurementUnitPicowattHours
constexpr double kJoulesPerPicowattHour = 3600.0 * 1e-12;

template <class T>
std::optional<T> read_at(std::span<const std::byte> bytes, std::size_t offset) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return std::nullopt;
  T value{};
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

// A UTF-16 name of `size` bytes at `offset`, up to its terminating zero.
std::optional<std::string> name_at(std::span<const std::byte> bytes, std::size_t offset, std::size_t size) {
  if (offset > bytes.size() || bytes.size() - offset < size) return std::nullopt;
  std::string name;
  for (std::size_t i = 0; i + 1 < size; i += 2) {
    const auto unit = *read_at<std::uint16_t>(bytes, offset + i);
    if (unit == 0) break;
    name += unit < 0x80 ? static_cast<char>(unit) : '?';
  }
  return name;
}

}  // namespace

std::optional<std::vector<std::string>> emi_channel_names(std::uint16_t version, std::span<const std::byte> metadata) {
  if (version == 1) {
    const auto unit = read_at<std::uint32_t>(metadata, 0);
    const auto size = read_at<std::uint16_t>(metadata, kV1NameSize);
    if (!unit || *unit != kPicowattHours || !size) return std::nullopt;
    auto name = name_at(metadata, kV1NameSize + 2, *size);
    if (!name) return std::nullopt;
    return std::vector<std::string>{*name};
  }
  if (version != 2) return std::nullopt;
  const auto count = read_at<std::uint16_t>(metadata, kV2ChannelCount);
  if (!count || *count == 0) return std::nullopt;
  std::vector<std::string> names;
  std::size_t offset = kV2ChannelCount + 2;
  for (std::uint16_t i = 0; i < *count; ++i) {
    const auto unit = read_at<std::uint32_t>(metadata, offset);
    const auto size = read_at<std::uint16_t>(metadata, offset + 4);
    if (!unit || *unit != kPicowattHours || !size) return std::nullopt;
    auto name = name_at(metadata, offset + 6, *size);
    if (!name) return std::nullopt;
    names.push_back(std::move(*name));
    offset += 6 + *size;
  }
  return names;
}

std::vector<bool> emi_counted_channels(const std::vector<std::string>& names) {
  const bool rapl = std::any_of(names.begin(), names.end(), [](const std::string& n) { return n.ends_with("_PKG"); });
  std::vector<bool> counted;
  counted.reserve(names.size());
  for (const std::string& n : names) counted.push_back(!rapl || n.ends_with("_PKG") || n.ends_with("_DRAM"));
  return counted;
}

bool EmiSource::measure(Meter& meter, std::vector<std::uint64_t>& pwh) noexcept {
  if (!meter.device->measure(meter.reply)) return false;
  for (std::size_t i = 0; i < meter.counted.size(); ++i) {
    std::memcpy(&pwh[i], meter.reply.data() + i * kMeasurementBytes, sizeof(std::uint64_t));
  }
  return true;
}

std::unique_ptr<EmiSource> EmiSource::open(platform::EnergyMeters meters, SourceStatus& status) {
  status = {"emi", false, meters.why_none};
  auto source = std::unique_ptr<EmiSource>(new EmiSource());
  std::string added;
  std::size_t widest = 0;
  for (auto& device : meters.devices) {
    const auto names = emi_channel_names(device->version(), device->metadata());
    if (!names) {
      status.detail = fmt::format("an energy meter's metadata (EMI version {}) could not be read", device->version());
      continue;
    }
    Meter meter{std::move(device), emi_counted_channels(*names), std::vector<std::uint64_t>(names->size()),
                std::vector<std::byte>(names->size() * kMeasurementBytes)};
    if (!measure(meter, meter.start_pwh)) {
      status.detail = "an energy meter did not answer a measurement";
      continue;
    }
    for (std::size_t i = 0; i < names->size(); ++i) {
      if (meter.counted[i]) added += (added.empty() ? "" : ", ") + (*names)[i];
    }
    widest = std::max(widest, names->size());
    source->meters_.push_back(std::move(meter));
  }
  if (source->meters_.empty()) {
    if (status.detail.empty()) status.detail = "no energy meter on this machine";
    return nullptr;
  }
  source->scratch_.resize(widest);
  status.available = true;
  status.detail = added.empty() ? "no channel" : added;
  return source;
}

void EmiSource::read(Sample& sample) noexcept {
  double joules = 0;
  for (Meter& meter : meters_) {
    if (!measure(meter, scratch_)) return;  // a missing meter would make the total jump
    for (std::size_t i = 0; i < meter.counted.size(); ++i) {
      if (!meter.counted[i]) continue;
      // 64-bit picowatt-hours do not wrap; a counter below its start is a reset meter.
      if (scratch_[i] < meter.start_pwh[i]) return;
      joules += static_cast<double>(scratch_[i] - meter.start_pwh[i]) * kJoulesPerPicowattHour;
    }
  }
  sample.energy_j = sample.energy_j.value_or(0) + joules;
}

}  // namespace winml::resources
