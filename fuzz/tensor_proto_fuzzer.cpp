// Fuzz target: arbitrary bytes as an `--input-data` file (input_0.pb, a serialized ONNX
// TensorProto), loaded for a one-input model of every element type winml feeds. Only
// winml::Error may come out; anything else (a crash, a sanitizer report, another exception) is a
// bug. An accepted tensor must hold exactly as many bytes as its dims say.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <vector>

#include "generated_inputs/random_inputs.h"
#include "tensor_files/input_data.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace {

using winml::engine::ElementType;

// One single-input model per element type; the input's shape is dynamic, as in most LLM inputs.
std::vector<std::vector<winml::engine::TensorInfo>> models() {
  std::vector<std::vector<winml::engine::TensorInfo>> all;
  for (auto type :
       {ElementType::float32, ElementType::float16, ElementType::float64, ElementType::int8, ElementType::uint8,
        ElementType::int16, ElementType::uint16, ElementType::int32, ElementType::int64, ElementType::boolean}) {
    winml::engine::TensorInfo input;
    input.name = "x";
    input.type = type;
    input.type_name = "fuzzed";
    input.shape = {-1, -1};
    input.dim_names = {"batch", "sequence"};
    all.push_back({input});
  }
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const winml::test::TempDir folder;
  static const auto all_models = models();
  {
    std::ofstream out(folder.path() / "input_0.pb", std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  for (const auto& inputs : all_models) {
    std::vector<winml::engine::HostTensor> tensors;
    try {
      tensors = winml::tensor_files::load_input_data(folder.path(), inputs);
    } catch (const winml::Error&) {
      continue;
    }
    std::size_t count = 1;
    for (auto dim : tensors.at(0).shape) count *= static_cast<std::size_t>(dim);
    if (tensors.at(0).data.size() != count * winml::generated_inputs::element_size(tensors.at(0).type)) {
      std::fprintf(stderr, "property violated: tensor bytes do not match its dims\n");
      std::abort();
    }
  }
  return 0;
}
