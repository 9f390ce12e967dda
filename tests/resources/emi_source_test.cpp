#include "resources/emi_source.h"

#include <cstring>

#include <gtest/gtest.h>

namespace winml::resources {
namespace {

// Little-endian bytes of EMI replies, as a meter's driver writes them.
class Blob {
 public:
  template <class T>
  Blob& put(T value) {
    const auto at = bytes_.size();
    bytes_.resize(at + sizeof(T));
    std::memcpy(bytes_.data() + at, &value, sizeof(T));
    return *this;
  }
  // `text` as UTF-16 with its terminating zero, in a field of `field` bytes (0: its own size).
  Blob& utf16(std::u16string_view text, std::size_t field = 0) {
    const std::size_t size = field != 0 ? field : 2 * (text.size() + 1);
    for (std::size_t i = 0; i < size / 2; ++i) put<std::uint16_t>(i < text.size() ? text[i] : 0);
    return *this;
  }
  std::vector<std::byte> bytes() const { return bytes_; }

 private:
  std::vector<std::byte> bytes_;
};

std::vector<std::byte> metadata_v2(const std::vector<std::u16string>& channels) {
  Blob blob;
  blob.utf16(u"Intel", 32)
      .utf16(u"RAPL_EMI", 32)
      .put<std::uint16_t>(1)
      .put<std::uint16_t>(static_cast<std::uint16_t>(channels.size()));
  for (const auto& name : channels) {
    blob.put<std::uint32_t>(0).put<std::uint16_t>(static_cast<std::uint16_t>(2 * (name.size() + 1))).utf16(name);
  }
  return blob.bytes();
}

// A meter whose every measurement adds `step_pwh` to each channel (channel i: (i + 1) × step).
class RecordedMeter final : public platform::EnergyMeterDevice {
 public:
  RecordedMeter(std::uint16_t version, std::vector<std::byte> metadata, std::uint64_t step_pwh, std::size_t channels)
      : version_(version), metadata_(std::move(metadata)), step_(step_pwh), energy_(channels, 1'000'000) {}
  std::uint16_t version() const override { return version_; }
  const std::vector<std::byte>& metadata() const override { return metadata_; }
  bool measure(std::span<std::byte> out) noexcept override {
    if (out.size() != 16 * energy_.size()) return false;
    for (std::size_t i = 0; i < energy_.size(); ++i) {
      energy_[i] += (i + 1) * step_;
      const std::uint64_t time = 0;
      std::memcpy(out.data() + 16 * i, &energy_[i], 8);
      std::memcpy(out.data() + 16 * i + 8, &time, 8);
    }
    return true;
  }

 private:
  std::uint16_t version_;
  std::vector<std::byte> metadata_;
  std::uint64_t step_;
  std::vector<std::uint64_t> energy_;
};

TEST(EmiSource, ReadsTheChannelNamesOfBothVersions) {
  EXPECT_EQ(*emi_channel_names(2, metadata_v2({u"RAPL_Package0_PKG", u"RAPL_Package0_PP0"})),
            (std::vector<std::string>{"RAPL_Package0_PKG", "RAPL_Package0_PP0"}));
  Blob v1;
  v1.put<std::uint32_t>(0)
      .utf16(u"Qualcomm", 32)
      .utf16(u"PMIC", 32)
      .put<std::uint16_t>(3)
      .put<std::uint16_t>(12)
      .utf16(u"SoC\u00e9p");
  EXPECT_EQ(*emi_channel_names(1, v1.bytes()), (std::vector<std::string>{"SoC?p"}));
  EXPECT_FALSE(emi_channel_names(3, v1.bytes()));  // a version winml does not know
  auto cut = metadata_v2({u"GPU"});
  cut.resize(cut.size() - 3);
  EXPECT_FALSE(emi_channel_names(2, cut));
  Blob watts;  // a unit other than picowatt-hours
  watts.put<std::uint32_t>(7).utf16(u"", 32).utf16(u"", 32).put<std::uint16_t>(0).put<std::uint16_t>(4).utf16(u"X");
  EXPECT_FALSE(emi_channel_names(1, watts.bytes()));
}

TEST(EmiSource, AddsRaplPackageAndDramOnlyAndEveryOtherMetersChannels) {
  EXPECT_EQ(emi_counted_channels({"RAPL_Package0_PKG", "RAPL_Package0_PP0", "RAPL_Package0_DRAM", "RAPL_PSYS"}),
            (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(emi_counted_channels({"CPU", "GPU", "NPU"}), (std::vector<bool>{true, true, true}));
}

TEST(EmiSource, JoulesSinceOpenedFromEveryMeter) {
  platform::EnergyMeters meters;
  // 1e9 pWh is 3.6 J. The PP0 channel lies inside the package and is not added.
  meters.devices.push_back(std::make_unique<RecordedMeter>(
      2, metadata_v2({u"RAPL_Package0_PKG", u"RAPL_Package0_PP0", u"RAPL_Package0_DRAM"}), 1'000'000'000, 3));
  Blob v1;
  v1.put<std::uint32_t>(0).utf16(u"", 32).utf16(u"", 32).put<std::uint16_t>(1).put<std::uint16_t>(8).utf16(u"NPU");
  meters.devices.push_back(std::make_unique<RecordedMeter>(1, v1.bytes(), 500'000'000, 1));
  SourceStatus status;
  auto source = EmiSource::open(std::move(meters), status);
  ASSERT_TRUE(source) << status.detail;
  EXPECT_TRUE(status.available);
  EXPECT_EQ(status.detail, "RAPL_Package0_PKG, RAPL_Package0_DRAM, NPU");
  Sample first;
  source->read(first);
  // PKG 1e9 + DRAM 3e9 + NPU 0.5e9 pWh.
  EXPECT_NEAR(*first.energy_j, 4.5e9 * 3.6e-9, 1e-9);
  Sample second;
  second.energy_j = 1.0;  // another meter's joules: added to
  source->read(second);
  EXPECT_NEAR(*second.energy_j, 1.0 + 2 * 4.5e9 * 3.6e-9, 1e-9);
}

TEST(EmiSource, NoMeterSaysWhy) {
  SourceStatus status;
  EXPECT_FALSE(EmiSource::open({{}, "no energy meter on this machine"}, status));
  EXPECT_FALSE(status.available);
  EXPECT_EQ(status.detail, "no energy meter on this machine");
  platform::EnergyMeters unreadable;
  unreadable.devices.push_back(std::make_unique<RecordedMeter>(9, std::vector<std::byte>(8), 1, 1));
  EXPECT_FALSE(EmiSource::open(std::move(unreadable), status));
  EXPECT_EQ(status.detail, "an energy meter's metadata (EMI version 9) could not be read");
}

TEST(EmiSource, ThisSystemsMetersAreListedOrSayWhyNot) {
  SourceStatus status;
  auto source = EmiSource::open(platform::open_energy_meters(), status);
  EXPECT_EQ(status.name, "emi");
  EXPECT_EQ(source != nullptr, status.available);
  EXPECT_FALSE(status.detail.empty());
}

}  // namespace
}  // namespace winml::resources
