// Fuzz target: arbitrary bytes as an `--input-data` file (input_0.pb, a serialized ONNX
// TensorProto, SequenceProto or OptionalProto), loaded for one-input models of the element types
// winml feeds (the one the bytes declare, and another), and as a sequence and an optional of float. Only
// winml::Error may come out; anything else (a crash, a sanitizer report, another exception) is a
// bug. An accepted tensor must hold exactly as many bytes as its dims say.
//
// Fast per input (CI runs it for 60 s): the file goes through the whole folder reader
// (load_data_sets: folder scan, file read, name matching) once, for the float model; the other
// models get the same bytes through the parser that reader calls for each file (proto_name, then
// parse_value), which is where the bytes are interpreted, for the models whose type the bytes can
// match. Reading the folder again for each of the 25 models cost 25 folder scans, regex builds,
// file reads, parses and exceptions per input (989 inputs a minute in CI).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

// onnx_pb.h defines the ONNX_API macro that onnx-data.pb.h uses; only the TensorProto is needed.
#include <onnx/onnx_pb.h>

#include "engine/element_types.h"
#include "fuzz_input_file.h"
#include "tensor_files/input_data.h"
#include "tensor_files/value_protos.h"
#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace {

using winml::engine::ElementType;

// A one-input model and the ONNX element type code of its tensor input (0: a sequence or optional).
struct Model {
  int code = 0;
  std::vector<winml::engine::TensorInfo> inputs;
};

// One single-input model per element type; the input's shape is dynamic, as in most LLM inputs.
std::vector<Model> models() {
  std::vector<Model> all;
  for (int code = 1; code <= 23; ++code) {
    auto type = winml::engine::element_type_from_onnx(code);
    if (!type) continue;
    winml::engine::TensorInfo input;
    input.name = "x";
    input.type = *type;
    input.type_name = winml::engine::onnx_type_name(code);
    input.shape = {-1, -1};
    input.dim_names = {"batch", "sequence"};
    all.push_back({code, {input}});
  }
  for (auto kind : {winml::engine::ValueKind::sequence, winml::engine::ValueKind::optional}) {
    winml::engine::TensorInfo holder;
    holder.name = "x";
    holder.kind = kind;
    holder.type_name = "fuzzed";
    holder.contained.push_back(all.front().inputs.front());
    all.push_back({0, {holder}});
  }
  return all;
}

// The property every accepted tensor keeps: as many bytes (or strings) as its dims say.
void check_tensor(const winml::engine::HostValue& value) {
  if (value.kind != winml::engine::ValueKind::tensor) return;
  const auto& tensor = value.tensor;
  std::uint64_t count = 1;
  for (auto dim : tensor.shape) count *= static_cast<std::uint64_t>(dim);
  const std::uint64_t held = tensor.type == ElementType::string ? tensor.strings.size() : tensor.data.size();
  const std::uint64_t expected =
      tensor.type == ElementType::string ? count : winml::engine::tensor_byte_size(tensor.type, count);
  if (held != expected) {
    std::fprintf(stderr, "property violated: tensor bytes do not match its dims\n");
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const winml::test::TempDir folder;
  static const auto all_models = models();
  static const std::filesystem::path file = folder.path() / "input_0.pb";
  winml::fuzz::write_input_file(file, data, size);
  // The whole reader once, as `--input-data` runs it, for the float model.
  try {
    auto sets = winml::tensor_files::load_data_sets(folder.path(), all_models.front().inputs, {}, false);
    check_tensor(sets.at(0).inputs.at(0));
  } catch (const winml::Error&) {
    // Refused with a message: what main() reports.
  }
  // Then the bytes through the calls load_data_sets makes per file, for the models that can take
  // them: the tensor model of the element type the bytes declare (a uint16 tensor may also feed a
  // bfloat16 input), a mismatching one (the type refusal), the sequence and the optional. The
  // other element types would each only repeat that refusal, a parse and an exception apiece.
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  onnx::TensorProto declared;
  const int code = declared.ParseFromString(bytes) ? declared.data_type() : 0;
  const int mismatch = code == onnx::TensorProto::INT64 ? onnx::TensorProto::INT32 : onnx::TensorProto::INT64;
  for (const auto& model : all_models) {
    const bool takes = model.code == 0 || model.code == code || model.code == mismatch ||
                       (model.code == onnx::TensorProto::BFLOAT16 && code == onnx::TensorProto::UINT16);
    if (!takes) continue;
    const auto& input = model.inputs.front();
    try {
      if (input.kind != winml::engine::ValueKind::tensor) (void)winml::tensor_files::proto_name(bytes, input, file);
      check_tensor(winml::tensor_files::parse_value(bytes, input, file, winml::tensor_files::ValueRole::input));
    } catch (const winml::Error&) {
      continue;
    }
  }
  return 0;
}
