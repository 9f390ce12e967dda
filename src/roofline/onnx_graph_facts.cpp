#include "roofline/onnx_graph_facts.h"

#include <fmt/format.h>

#include <optional>

#include "onnx_wire/onnx_fields.h"
#include "onnx_wire/onnx_wire.h"
#include "winml/errors.h"

namespace winml::roofline {
namespace {

using namespace onnx_wire;

// Names, op types and attribute names are short; anything longer is not one we need.
constexpr std::size_t kMaxName = 1 << 16;

// Where the facts go and how deep the subgraphs are nested (a bound, so a crafted file cannot
// recurse without end).
struct Walk {
  WireReader& r;
  OnnxGraphFacts& facts;
  int depth = 0;
};

bool read_graph(Walk& w, const WireField& field, bool main_graph);

// Decodes a packed run of varints (a proto3-style `repeated int64 dims`).
bool append_packed_varints(const std::string& bytes, std::vector<std::int64_t>& out) {
  std::uint64_t value = 0;
  int shift = 0;
  for (unsigned char c : bytes) {
    if (shift >= 64) return false;
    value |= static_cast<std::uint64_t>(c & 0x7f) << shift;
    shift += 7;
    if ((c & 0x80) == 0) {
      out.push_back(static_cast<std::int64_t>(value));
      value = 0;
      shift = 0;
    }
  }
  return shift == 0;
}

bool read_initializer(Walk& w, const WireField& field) {
  InitializerFact t;
  while (auto f = w.r.next(field.end)) {
    if (f->number == tensor_field::dims && f->type == WireType::varint) {
      t.dims.push_back(static_cast<std::int64_t>(f->value));
    } else if (f->number == tensor_field::dims && f->type == WireType::length_delimited) {
      const auto bytes = w.r.read_string(*f, kMaxName);
      if (!bytes || !append_packed_varints(*bytes, t.dims)) return false;
    } else if (f->number == tensor_field::data_type && f->type == WireType::varint) {
      t.data_type = static_cast<std::int32_t>(f->value);
    } else if (f->number == tensor_field::name && f->type == WireType::length_delimited) {
      t.name = w.r.read_string(*f, kMaxName).value_or("");
    } else if (f->type == WireType::length_delimited && !w.r.skip(*f)) {  // raw_data and the typed payloads
      return false;
    }
  }
  if (!w.r.ok()) return false;
  w.facts.initializers.push_back(std::move(t));
  return true;
}

bool read_attribute(Walk& w, const WireField& field, NodeFact& node) {
  std::string name;
  std::optional<std::int64_t> i;
  std::uint64_t type = 0;
  while (auto f = w.r.next(field.end)) {
    if (f->number == attribute_field::name && f->type == WireType::length_delimited) {
      name = w.r.read_string(*f, kMaxName).value_or("");
    } else if (f->number == attribute_field::i && f->type == WireType::varint) {
      i = static_cast<std::int64_t>(f->value);
    } else if (f->number == attribute_field::type && f->type == WireType::varint) {
      type = f->value;
    } else if ((f->number == attribute_field::g || f->number == attribute_field::graphs) &&
               f->type == WireType::length_delimited) {
      if (!read_graph(w, *f, false)) return false;
    } else if (f->type == WireType::length_delimited && !w.r.skip(*f)) {
      return false;
    }
  }
  if (!w.r.ok()) return false;
  // Files written before AttributeProto.type existed carry no type: an `i` alone is an INT.
  if (i && (type == kIntAttributeType || type == 0)) node.int_attributes[name] = *i;
  return true;
}

bool read_node(Walk& w, const WireField& field) {
  NodeFact node;
  node.in_subgraph = w.depth > 1;
  // A subgraph's nodes are appended while this node is read; this node goes in after them.
  while (auto f = w.r.next(field.end)) {
    if (f->type != WireType::length_delimited) continue;
    bool ok = true;
    if (f->number == node_field::input) {
      node.inputs.push_back(w.r.read_string(*f, kMaxName).value_or(""));
    } else if (f->number == node_field::output) {
      node.outputs.push_back(w.r.read_string(*f, kMaxName).value_or(""));
    } else if (f->number == node_field::op_type) {
      node.op_type = w.r.read_string(*f, kMaxName).value_or("");
    } else if (f->number == node_field::domain) {
      node.domain = w.r.read_string(*f, kMaxName).value_or("");
    } else if (f->number == node_field::attribute) {
      ok = read_attribute(w, *f, node);
    } else {
      ok = w.r.skip(*f);
    }
    if (!ok) return false;
  }
  if (!w.r.ok()) return false;
  w.facts.nodes.push_back(std::move(node));
  return true;
}

bool read_graph_input(Walk& w, const WireField& field) {
  GraphInputFact input;
  while (auto f = w.r.next(field.end)) {
    if (f->type != WireType::length_delimited) continue;
    if (f->number == value_info_field::name) {
      input.name = w.r.read_string(*f, kMaxName).value_or("");
    } else if (f->number == value_info_field::type) {
      // TypeProto.tensor_type.elem_type; other kinds of type (sequence, map) leave 0.
      while (auto t = w.r.next(f->end)) {
        if (t->number != type_field::tensor_type || t->type != WireType::length_delimited) {
          if (t->type == WireType::length_delimited && !w.r.skip(*t)) return false;
          continue;
        }
        while (auto e = w.r.next(t->end)) {
          if (e->number == tensor_type_field::elem_type && e->type == WireType::varint) {
            input.elem_type = static_cast<std::int32_t>(e->value);
          } else if (e->type == WireType::length_delimited && !w.r.skip(*e)) {
            return false;
          }
        }
      }
    } else if (!w.r.skip(*f)) {
      return false;
    }
  }
  if (!w.r.ok()) return false;
  w.facts.inputs.push_back(std::move(input));
  return true;
}

// A graph output's name (ValueInfoProto.name); its type is not needed.
bool read_graph_output(Walk& w, const WireField& field) {
  std::string name;
  while (auto f = w.r.next(field.end)) {
    if (f->number == value_info_field::name && f->type == WireType::length_delimited) {
      name = w.r.read_string(*f, kMaxName).value_or("");
    } else if (f->type == WireType::length_delimited && !w.r.skip(*f)) {
      return false;
    }
  }
  if (!w.r.ok()) return false;
  w.facts.outputs.push_back(std::move(name));
  return true;
}

bool read_graph(Walk& w, const WireField& field, bool main_graph) {
  constexpr int kMaxDepth = 64;
  if (++w.depth > kMaxDepth) return false;
  while (auto f = w.r.next(field.end)) {
    if (f->type != WireType::length_delimited) continue;
    bool ok = f->number == graph_field::node                   ? read_node(w, *f)
              : f->number == graph_field::initializer          ? read_initializer(w, *f)
              : f->number == graph_field::input && main_graph  ? read_graph_input(w, *f)
              : f->number == graph_field::output && main_graph ? read_graph_output(w, *f)
                                                               : w.r.skip(*f);
    if (!ok) return false;
  }
  --w.depth;
  return w.r.ok();
}

}  // namespace

OnnxGraphFacts read_onnx_graph_facts(const std::filesystem::path& path) {
  OnnxGraphFacts facts;
  WireReader r(path);
  Walk w{r, facts};
  bool has_graph = false;
  bool ok = r.ok();
  while (ok) {
    auto f = r.next(r.size());
    if (!f) break;
    if (f->number == model_field::graph && f->type == WireType::length_delimited) {
      has_graph = true;
      ok = read_graph(w, *f, true);
    } else if (f->type == WireType::length_delimited) {
      ok = r.skip(*f);
    }
  }
  if (!r.ok()) {
    throw Error(ErrorCategory::runtime,
                fmt::format("cannot read the weights' shapes from {}: {}", path.string(), r.error()));
  }
  if (!ok) {
    throw Error(ErrorCategory::runtime,
                fmt::format("cannot read the weights' shapes from {}: a malformed field or subgraphs nested "
                            "deeper than 64 levels",
                            path.string()));
  }
  if (!has_graph) {
    throw Error(ErrorCategory::runtime,
                fmt::format("{} is not an ONNX model with a graph, so its weights cannot be counted", path.string()));
  }
  return facts;
}

}  // namespace winml::roofline
