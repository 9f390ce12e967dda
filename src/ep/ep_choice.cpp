#include "winml/ep_choice.h"

#include "ep/catalog.h"
#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml {
namespace {

// "" and "config" (any case) both mean "nothing chosen".
bool unset(std::string_view name) { return name.empty() || iequals(name, "config"); }

}  // namespace

EpChoice EpChoice::parse(std::string_view ep_name, std::string_view device) {
  if (unset(ep_name)) {
    if (unset(device)) return {};
    ep::require_device(device);  // an unknown device is named as such first
    throw UsageError("the device '" + std::string(device) +
                     "' needs an EP: pass one too (e.g. ep \"openvino\" with device \"gpu\"), or leave the device "
                     "empty to run as the bundle says.");
  }
  return of(ep::require_ep(ep_name), unset(device) ? std::string_view{} : device);
}

EpChoice EpChoice::of(const ep::EpInfo& info, std::string_view device) {
  EpChoice choice;
  choice.info_ = &info;
  if (device.empty()) return choice;
  choice.device_ = ep::require_device(device);
  if (!ep::targets_device(info, choice.device_)) {
    throw UsageError(info.canonical + " does not run on the " + choice.device_ + " device; it targets " +
                     ep::device_list(info) + ". Choose one of those devices or another EP.");
  }
  return choice;
}

EpChoice EpChoice::with_all_stages() const {
  if (respects_bundle()) {
    throw UsageError(
        "--ep-all-stages routes every stage to the chosen EP, and none was chosen: pass --ep EP (or --device) too, "
        "or drop --ep-all-stages to run as the bundle says.");
  }
  EpChoice choice = *this;
  choice.all_stages_ = true;
  return choice;
}

std::string EpChoice::ep_label() const { return info_ == nullptr ? "config" : info_->alias; }

std::string EpChoice::device_label() const { return device_.empty() ? "config" : device_; }

}  // namespace winml
