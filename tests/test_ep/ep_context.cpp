#include "ep_context.h"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <vector>

#include "blob.h"

namespace winml_test_ep {
namespace {

constexpr const char* kDomain = "com.microsoft";
constexpr std::uintmax_t kMaxSideFileBytes = std::uintmax_t{64} << 20;  // far above any test program

// File names from node names: keep them portable whatever ORT calls the fused node.
std::string file_safe(const std::string& text) {
  std::string safe = text;
  for (char& c : safe) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!ok) c = '_';
  }
  return safe;
}

std::filesystem::path output_model_path(const ContextSettings& settings, const std::filesystem::path& source_model) {
  if (!settings.output_model.empty()) return settings.output_model;
  if (source_model.empty()) {
    throw std::runtime_error(
        "WinmlTestEP: ep.context_embed_mode=0 needs to know where the compiled model goes: set "
        "ep.context_file_path (the compile API's output model path) or compile from a model file");
  }
  return source_model.parent_path() / (source_model.stem().string() + "_ctx.onnx");
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("WinmlTestEP: cannot write EPContext side file '" + path.string() + "'");
}

std::string read_side_file(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) throw std::runtime_error("cannot read EPContext side file '" + path.string() + "': " + ec.message());
  if (size > kMaxSideFileBytes) throw std::runtime_error("EPContext side file '" + path.string() + "' is too large");
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) throw std::runtime_error("cannot read EPContext side file '" + path.string() + "'");
  return bytes;
}

// Missing attributes come back as nullopt; a present one of the wrong type throws.
std::optional<Ort::ConstOpAttr> attribute(Ort::ConstNode node, const char* name) {
  Ort::ConstOpAttr attr{nullptr};
  Ort::Status status = node.GetAttributeByName(name, attr);
  if (!status.IsOK() || attr == nullptr) return std::nullopt;
  return attr;
}

std::optional<std::string> string_attribute(Ort::ConstNode node, const char* name) {
  auto attr = attribute(node, name);
  if (!attr) return std::nullopt;
  std::string value;
  Ort::ThrowOnError(attr->GetValue(value));
  return value;
}

std::optional<int64_t> int_attribute(Ort::ConstNode node, const char* name) {
  auto attr = attribute(node, name);
  if (!attr) return std::nullopt;
  int64_t value = 0;
  Ort::ThrowOnError(attr->GetValue(value));
  return value;
}

}  // namespace

Ort::Node make_ep_context_node(Ort::ConstNode fused_node, const Program& program, const ContextSettings& settings,
                               const std::filesystem::path& source_model) {
  const std::string name = fused_node.GetName();
  std::string cache_context = encode(program);
  if (!settings.embed) {
    const std::filesystem::path model = output_model_path(settings, source_model);
    const std::string file_name = model.stem().string() + "_" + file_safe(name) + ".testepctx";
    write_file(model.parent_path() / file_name, cache_context);
    cache_context = file_name;  // relative to the compiled model's folder
  }

  const int64_t main_context = 1;
  const int64_t embed_mode = settings.embed ? 1 : 0;
  const std::string source = kEpName;
  std::vector<Ort::OpAttr> attributes;
  attributes.emplace_back("main_context", &main_context, 1, ORT_OP_ATTR_INT);
  attributes.emplace_back("embed_mode", &embed_mode, 1, ORT_OP_ATTR_INT);
  attributes.emplace_back("ep_cache_context", cache_context.data(), static_cast<int>(cache_context.size()),
                          ORT_OP_ATTR_STRING);
  attributes.emplace_back("source", source.data(), static_cast<int>(source.size()), ORT_OP_ATTR_STRING);
  attributes.emplace_back("partition_name", name.data(), static_cast<int>(name.size()), ORT_OP_ATTR_STRING);
  return Ort::Node("EPContext", kDomain, name, names_of(fused_node.GetInputs()), names_of(fused_node.GetOutputs()),
                   attributes);
}

bool is_own_ep_context_node(Ort::ConstNode node) {
  if (node.GetOperatorType() != "EPContext" || node.GetDomain() != kDomain) return false;
  try {
    return string_attribute(node, "source") == std::string(kEpName);
  } catch (const Ort::Exception&) {
    return false;  // a "source" that is not a string is someone else's node
  }
}

Program read_ep_context_node(Ort::ConstNode node, const std::filesystem::path& model_folder) {
  const std::string name = node.GetName();
  try {
    const auto cache_context = string_attribute(node, "ep_cache_context");
    if (!cache_context) throw std::runtime_error("no ep_cache_context attribute");
    const int64_t embed_mode = int_attribute(node, "embed_mode").value_or(1);  // ORT's contract: absent = embedded
    std::string blob;
    if (embed_mode == 1) {
      blob = *cache_context;
    } else if (embed_mode == 0) {
      if (model_folder.empty()) {
        throw std::runtime_error("the side file '" + *cache_context +
                                 "' is relative to the model, whose folder is unknown (set ep.context_file_path)");
      }
      blob = read_side_file(model_folder / *cache_context);
    } else {
      throw std::runtime_error("embed_mode " + std::to_string(embed_mode) + " is neither 0 nor 1");
    }
    Program program = decode(blob);
    // The blob names the fused node's inputs and outputs; the EPContext node must have the same.
    const auto inputs = names_of(node.GetInputs());
    const auto outputs = names_of(node.GetOutputs());
    if (program.inputs != inputs || program.outputs != outputs) {
      throw std::runtime_error("the blob's inputs/outputs do not match the node's");
    }
    return program;
  } catch (const std::exception& e) {
    throw std::runtime_error("WinmlTestEP: EPContext node '" + name + "': " + e.what());
  }
}

}  // namespace winml_test_ep
