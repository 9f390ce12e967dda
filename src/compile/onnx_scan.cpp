#include "compile/onnx_scan.h"

#include <algorithm>
#include <optional>

#include "onnx_wire/onnx_fields.h"
#include "onnx_wire/onnx_wire.h"

namespace winml::compile {
namespace {

using namespace onnx_wire;

struct Attribute {
  std::string name;
  std::optional<std::int64_t> i;
  std::optional<std::string> s;
};

bool read_attribute(WireReader& r, const WireField& field, Attribute& out) {
  while (auto f = r.next(field.end)) {
    if (f->type == WireType::length_delimited) {
      if (f->number == attribute_field::name) {
        out.name = r.read_string(*f).value_or("");
      } else if (f->number == attribute_field::s) {
        out.s = r.read_string(*f);  // nullopt for an embedded context binary: not needed here
      } else if (!r.skip(*f)) {
        return false;
      }
    } else if (f->number == attribute_field::i && f->type == WireType::varint) {
      out.i = static_cast<std::int64_t>(f->value);
    }
  }
  return r.ok();
}

bool read_node(WireReader& r, const WireField& field, OnnxScan& scan) {
  std::string op_type;
  std::string domain;
  EpContextNode node;
  bool has_embed_mode = false;
  while (auto f = r.next(field.end)) {
    if (f->type != WireType::length_delimited) continue;
    if (f->number == node_field::op_type) {
      op_type = r.read_string(*f).value_or("");
    } else if (f->number == node_field::domain) {
      domain = r.read_string(*f).value_or("");
    } else if (f->number == node_field::name) {
      node.name = r.read_string(*f).value_or("");
    } else if (f->number == node_field::attribute) {
      Attribute a;
      if (!read_attribute(r, *f, a)) return false;
      if (a.name == "embed_mode" && a.i) {
        node.embed_mode = *a.i;
        has_embed_mode = true;
      } else if (a.name == "ep_cache_context" && a.s) {
        node.cache_context = *a.s;
      } else if (a.name == "source" && a.s) {
        node.source = *a.s;
      }
    } else if (!r.skip(*f)) {
      return false;
    }
  }
  if (!r.ok()) return false;
  if (op_type == "EPContext" && domain == "com.microsoft") {
    if (!has_embed_mode) node.embed_mode = 1;  // the contrib op's default
    if (node.embed_mode == 1) node.cache_context.clear();
    scan.ep_contexts.push_back(std::move(node));
  }
  return true;
}

bool read_initializer(WireReader& r, const WireField& field, OnnxScan& scan) {
  while (auto f = r.next(field.end)) {
    if (f->type != WireType::length_delimited) continue;
    if (f->number != tensor_field::external_data) {
      if (!r.skip(*f)) return false;
      continue;
    }
    std::string key;
    std::string value;
    while (auto e = r.next(f->end)) {
      if (e->type != WireType::length_delimited) continue;
      if (e->number == entry_field::key) {
        key = r.read_string(*e).value_or("");
      } else if (e->number == entry_field::value) {
        value = r.read_string(*e).value_or("");
      } else if (!r.skip(*e)) {
        return false;
      }
    }
    if (!r.ok()) return false;
    if (key == "location" &&
        std::find(scan.external_data.begin(), scan.external_data.end(), value) == scan.external_data.end()) {
      scan.external_data.push_back(value);
    }
  }
  return r.ok();
}

// A value longer than kMaxMetadataValue is left out rather than kept cut short.
constexpr std::size_t kMaxMetadataValue = 64 * 1024;

bool read_metadata_entry(WireReader& r, const WireField& field, OnnxScan& scan) {
  std::optional<std::string> key;
  std::optional<std::string> value;
  while (auto e = r.next(field.end)) {
    if (e->type != WireType::length_delimited) continue;
    if (e->number == entry_field::key) {
      key = r.read_string(*e);
    } else if (e->number == entry_field::value) {
      value = r.read_string(*e, kMaxMetadataValue);
    } else if (!r.skip(*e)) {
      return false;
    }
  }
  if (!r.ok()) return false;
  if (key && value) scan.metadata[*key] = std::move(*value);
  return true;
}

bool read_graph(WireReader& r, const WireField& field, OnnxScan& scan) {
  while (auto f = r.next(field.end)) {
    if (f->type != WireType::length_delimited) continue;
    bool ok = f->number == graph_field::node          ? read_node(r, *f, scan)
              : f->number == graph_field::initializer ? read_initializer(r, *f, scan)
                                                      : r.skip(*f);
    if (!ok) return false;
  }
  return r.ok();
}

}  // namespace

OnnxScan scan_onnx(const std::filesystem::path& path) {
  OnnxScan scan;
  WireReader r(path);
  if (!r.ok()) {
    scan.problem = r.error();
    return scan;
  }
  if (r.size() == 0) {
    scan.problem = "the file is empty";
    return scan;
  }
  bool has_ir = false;
  bool has_graph = false;
  bool has_opset = false;
  while (auto f = r.next(r.size())) {
    if (model_field_is_bytes(f->number) != (f->type == WireType::length_delimited)) {
      scan.problem = "field " + std::to_string(f->number) + " of the model has the wrong type";
      return scan;
    }
    if (f->number == model_field::ir_version) has_ir = true;
    if (f->number == model_field::opset_import) has_opset = true;
    if (f->number == model_field::graph) {
      has_graph = true;
      if (!read_graph(r, *f, scan)) break;
    } else if (f->number == model_field::metadata_props) {
      if (!read_metadata_entry(r, *f, scan)) break;
    } else if (f->type == WireType::length_delimited && !r.skip(*f)) {
      break;
    }
  }
  if (!r.ok()) {
    scan.problem = "not a complete ONNX model: " + r.error();
  } else if (!has_ir || !has_graph || !has_opset) {
    scan.problem = "not a complete ONNX model: it lacks the ir_version, graph or opset_import field";
  } else {
    scan.valid = true;
  }
  return scan;
}

bool is_contained_relative_path(const std::string& path) {
  if (path.empty()) return false;
  std::filesystem::path p(path);
  if (p.is_absolute() || p.has_root_name()) return false;
  return std::none_of(p.begin(), p.end(), [](const std::filesystem::path& part) { return part == ".."; });
}

std::vector<std::filesystem::path> companion_files(const std::filesystem::path& model, const OnnxScan& scan) {
  std::vector<std::filesystem::path> files;
  auto add = [&](const std::filesystem::path& p) {
    if (std::find(files.begin(), files.end(), p) == files.end()) files.push_back(p);
  };
  const auto dir = model.parent_path();
  for (const auto& location : scan.external_data) {
    if (is_contained_relative_path(location)) add((dir / location).lexically_normal());
  }
  for (const auto& name : {model.filename().string() + ".data", model.stem().string() + ".data"}) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(dir / name, ec)) add(dir / name);
  }
  return files;
}

}  // namespace winml::compile
