#pragma once
/// \file
/// EpChoice: where a bundle or model runs, decided once from the user's --ep/--device (or a
/// library caller's strings) and passed down as a value, so no layer below re-parses names.

#include <string>
#include <string_view>

namespace winml {

namespace ep {
struct EpInfo;
}

/// Either "respect the bundle" (run as its genai_config.json says) or one catalog EP, optionally
/// on one of the devices it targets. Every EpChoice is valid: the factories check the names.
class EpChoice {
 public:
  /// Respect the bundle.
  EpChoice() = default;

  /// From names as a user writes them: `ep` is an EP name or alias, case-insensitive ("" or
  /// "config" = respect the bundle); `device` is npu/gpu/cpu ("" or "config" = none, i.e. the
  /// EP's own choice). A device without an EP is refused: choosing an EP for a device needs this
  /// machine's EPs (ep::EpResolver::select_genai_ep). Throws UsageError for an unknown EP or
  /// device, or a device the EP does not target, naming the valid ones.
  static EpChoice parse(std::string_view ep, std::string_view device = {});

  /// A catalog EP on `device` (npu/gpu/cpu, any case; empty = the EP's own choice). Throws
  /// UsageError when the EP does not target the device.
  static EpChoice of(const ep::EpInfo& info, std::string_view device = {});

  /// True when the bundle's routing is kept as written.
  bool respects_bundle() const { return info_ == nullptr; }
  /// The forced EP's catalog row; nullptr when the bundle is respected.
  const ep::EpInfo* info() const { return info_; }
  /// The lower-case device ("npu"), or "" when none was chosen.
  const std::string& device() const { return device_; }
  /// The EP's alias, or "config" when the bundle is respected (as reports write it).
  std::string ep_label() const;
  /// The device, or "config" when none was chosen (as reports write it).
  std::string device_label() const;

  /// This choice routing every stage of a bundle to its EP, CPU stages (embeddings, lm_head)
  /// included, instead of only the stages the bundle routes to a hardware EP (the default, kept
  /// from the original tool). The CLI's --ep-all-stages. Throws UsageError when the bundle is
  /// respected: there is no EP to route the stages to.
  EpChoice with_all_stages() const;
  /// True when every stage goes to the EP (with_all_stages()).
  bool all_stages() const { return all_stages_; }

  /// Same EP, device and stage routing.
  bool operator==(const EpChoice& other) const = default;

 private:
  const ep::EpInfo* info_ = nullptr;
  std::string device_;
  bool all_stages_ = false;
};

}  // namespace winml
