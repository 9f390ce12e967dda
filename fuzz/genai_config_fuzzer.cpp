// Fuzz target: arbitrary bytes as a bundle's genai_config.json, read by load_genai_config, then
// forced onto the EPs that typical machines (tests/ep/machines.h) would pick, as `--ep` / `--device`
// do. A hostile bundle may only ever produce winml::Error; any other exception, crash or sanitizer
// report is a bug. Properties checked on every accepted config and override:
// - the rewritten config is itself a valid config (derived bundles must load);
// - a change lands on the requested EP (config_ep of the result is the EP's alias);
// - the override is idempotent (applying it to its own output changes nothing).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "bundle/ep_override.h"
#include "bundle/genai_config.h"
#include "ep/catalog.h"
#include "ep/machines.h"
#include "fuzz_input_file.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace {

using winml::bundle::ConfigJson;

// (ep, device) requests as written on the command line.
using Request = std::pair<std::string, std::string>;

// What `--ep`/`--device` resolve to on each test machine, plus raw requests as `bundle derive`
// and `compile` parse them without a machine (EpChoice::parse rejects the impossible ones first).
std::vector<winml::EpChoice> ep_choices() {
  using namespace winml::ep::testing;
  const std::vector<Request> requests = {{"", "auto"},        {"", "npu"},    {"", "gpu"},      {"", "cpu"},
                                         {"cpu", ""},         {"qnn", "npu"}, {"qnn", "gpu"},   {"openvino", ""},
                                         {"openvino", "gpu"}, {"cuda", ""},   {"tensorrt", ""}, {"dml", ""},
                                         {"vitisai", "npu"}};
  std::vector<winml::EpChoice> choices;
  auto add = [&choices](const winml::EpChoice& choice) {
    if (choice.respects_bundle()) return;
    if (std::find(choices.begin(), choices.end(), choice) == choices.end()) choices.push_back(choice);
  };
  for (const auto& [ep, device] : std::vector<Request>{
           {"QNNExecutionProvider", "cpu"}, {"dml", "npu"}, {"no-such-ep", ""}, {"cpu", "npu"}, {"openvino", "cpu"}}) {
    try {
      add(winml::EpChoice::parse(ep, device));
    } catch (const winml::Error&) {
      // Refused when the choice is made: never reaches an override.
    }
  }
  for (const auto& machine : {qnn_laptop(), openvino_host(), intel_laptop(), cuda_box(), ryzen_laptop(), cpu_only()}) {
    const winml::ep::EpResolver machine_resolver = resolver(machine);
    for (const auto& [ep, device] : requests) {
      try {
        add(machine_resolver.select_genai_ep(ep, device));
      } catch (const winml::Error&) {
        // Not available on this machine: the CLI stops here, before any override.
      }
    }
  }
  return choices;
}

void check(bool condition, const char* property) {
  if (!condition) {
    std::fprintf(stderr, "property violated: %s\n", property);
    std::abort();
  }
}

void override_all(const ConfigJson& json) {
  static const std::vector<winml::EpChoice> choices = ep_choices();
  for (const auto& choice : choices) {
    winml::bundle::OverrideResult result;
    try {
      result = winml::bundle::override_bundle_ep(json, choice);
    } catch (const winml::Error&) {
      continue;
    }
    if (!result.changed) continue;
    winml::bundle::parse_genai_config(result.config);  // throws (uncaught: a bug) when invalid
    check(result.effective_ep == choice.ep_label(), "a changed config runs on the requested EP");
    check(!winml::bundle::override_bundle_ep(result.config, choice).changed, "an override is idempotent");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const winml::test::TempDir bundle;
  winml::fuzz::write_input_file(bundle.path() / "genai_config.json", data, size);
  winml::bundle::GenaiConfig config;
  try {
    config = winml::bundle::load_genai_config(bundle.path());
  } catch (const winml::Error&) {
    return 0;  // rejected with a message: the expected outcome for most inputs
  }
  for (const auto& stage : config.stages) (void)config.stage_path(stage);
  (void)winml::bundle::config_ep(config.json);
  override_all(config.json);
  return 0;
}
