#pragma once
// A synthesised pipeline rerouted to QNN, an EP this ONNX Runtime build lacks: loading it as
// written fails naming QNN, so a test can tell whether an EP override really took the stages off it.

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "test_support/json_file.h"

namespace winml::test {

/// Copies the pipeline bundle `from` to `to` with its ctx and iter stages routed to QNN
/// (`provider_options: [{"QNN": {"backend_path": "libQnnHtp.so"}}]`). Returns the new config.
inline nlohmann::json copy_routed_to_qnn(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::filesystem::copy(from, to, std::filesystem::copy_options::recursive);
  auto config = read_json(to / "genai_config.json");
  for (auto& entry : config["model"]["decoder"]["pipeline"]) {
    for (auto& [name, stage] : entry.items()) {
      if (name == "ctx" || name == "iter") {
        stage["session_options"]["provider_options"] =
            nlohmann::json::array({{{"QNN", {{"backend_path", "libQnnHtp.so"}}}}});
      }
    }
  }
  std::ofstream(to / "genai_config.json") << config.dump(2);
  return config;
}

}  // namespace winml::test
