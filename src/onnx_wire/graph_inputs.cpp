#include "onnx_wire/graph_inputs.h"

#include "onnx_wire/onnx_fields.h"
#include "onnx_wire/onnx_wire.h"

namespace winml::onnx_wire {
namespace {

constexpr std::size_t kMaxName = 4096;

// ValueInfoProto.name of one graph input.
std::string input_name(WireReader& r, const WireField& input) {
  std::string name;
  while (auto f = r.next(input.end)) {
    if (f->number == value_info_field::name && f->type == WireType::length_delimited) {
      name = r.read_string(*f, kMaxName).value_or("");
    } else if (f->type == WireType::length_delimited && !r.skip(*f)) {
      return name;
    }
  }
  return name;
}

}  // namespace

std::vector<std::string> graph_input_names(const std::filesystem::path& path) {
  std::vector<std::string> names;
  WireReader r(path);
  while (r.ok()) {
    auto f = r.next(r.size());
    if (!f) break;
    if (f->type != WireType::length_delimited) continue;
    if (f->number != model_field::graph) {
      if (!r.skip(*f)) break;
      continue;
    }
    while (auto g = r.next(f->end)) {
      if (g->type != WireType::length_delimited) continue;
      if (g->number == graph_field::input) {
        names.push_back(input_name(r, *g));
      } else if (!r.skip(*g)) {
        break;
      }
    }
    break;
  }
  if (!r.ok()) names.clear();
  return names;
}

}  // namespace winml::onnx_wire
