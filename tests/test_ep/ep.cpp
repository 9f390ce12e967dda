#include "ep.h"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <thread>
#include <utility>

#include "compatibility.h"
#include "fused_kernel.h"
#include "kernels.h"

namespace winml_test_ep {
namespace {

bool is_float_tensor(Ort::ConstValueInfo value) {
  if (value == nullptr) return false;  // a missing optional input
  try {
    Ort::ConstTypeInfo type = value.TypeInfo();
    return type.GetONNXType() == ONNX_TYPE_TENSOR &&
           type.GetTensorTypeAndShapeInfo().GetElementType() == ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT;
  } catch (const Ort::Exception&) {
    return false;  // no type known: leave the node to another EP
  }
}

// Only types are checked: shapes are read at run time, so unknown or symbolic dims are fine.
bool is_supported_node(Ort::ConstNode node) {
  const std::string domain = node.GetDomain();
  if ((!domain.empty() && domain != "ai.onnx") || !is_supported_op(node.GetOperatorType())) return false;
  const auto inputs = node.GetInputs();
  const auto outputs = node.GetOutputs();
  return inputs.size() == 2 && outputs.size() == 1 && std::all_of(inputs.begin(), inputs.end(), is_float_tensor) &&
         is_float_tensor(outputs[0]);
}

Program program_from_graph(Ort::ConstGraph graph) {
  Program program;
  for (Ort::ConstNode node : graph.GetNodes()) {  // ORT lists them in topological order
    program.nodes.push_back({node.GetOperatorType(), names_of(node.GetInputs()), names_of(node.GetOutputs())});
  }
  return program;
}

// The WINML_TEST_EP_COMPILE switch, for the product's timeout and crash handling of compiles.
void apply_compile_behavior() {
  const CompileBehavior behavior = compile_behavior();
  switch (behavior.kind) {
    case CompileBehavior::Kind::normal:
      return;
    case CompileBehavior::Kind::slow:
      std::this_thread::sleep_for(behavior.delay);
      return;
    case CompileBehavior::Kind::hang:
      for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
    case CompileBehavior::Kind::crash:
      std::abort();
  }
}

}  // namespace

TestEp::TestEp(std::vector<DeviceKind> devices, ContextSettings settings, std::optional<std::string> counters_file)
    : OrtEp{}, settings_(std::move(settings)), counters_file_(std::move(counters_file)) {
  counters_.devices = std::move(devices);
  ort_version_supported = ORT_API_VERSION;
  GetName = get_name;
  GetCapability = get_capability;
  Compile = compile;
  ReleaseNodeComputeInfos = release_compute_infos;
  GetCompiledModelCompatibilityInfo = get_compatibility_info;
}

TestEp::~TestEp() {
  if (counters_file_) append_line(*counters_file_, to_json_line(counters_));
}

const char* ORT_API_CALL TestEp::get_name(const OrtEp* /*self*/) noexcept { return kEpName; }

// ORT asks while writing a compiled model and stores the string in its metadata.
const char* ORT_API_CALL TestEp::get_compatibility_info(OrtEp* self, const OrtGraph* /*graph*/) noexcept {
  auto* ep = static_cast<TestEp*>(self);
  try {
    ep->compatibility_info_ = compatibility_info(ep->counters_.devices);
  } catch (const std::exception&) {
    ep->compatibility_info_.clear();  // no info: the model is then never judged
  }
  return ep->compatibility_info_.c_str();
}

OrtStatus* ORT_API_CALL TestEp::get_capability(OrtEp* self, const OrtGraph* graph,
                                               OrtEpGraphSupportInfo* support) noexcept {
  return guarded([&]() -> OrtStatus* {
    static_cast<const TestEp*>(self)->claim(graph, support);
    return nullptr;
  });
}

void TestEp::claim(const OrtGraph* graph, OrtEpGraphSupportInfo* support) const {
  // ORT passes every input of the fused node, initializers included: the kernel owns no weights.
  OrtNodeFusionOptions options{};
  options.ort_version_supported = ORT_API_VERSION;
  options.drop_constant_initializers = false;
  for (Ort::ConstNode node : Ort::ConstGraph{graph}.GetNodes()) {
    if (!is_own_ep_context_node(node) && !is_supported_node(node)) continue;
    // One fused node per claimed node: never a cycle through an unclaimed node, whatever the graph.
    const OrtNode* one = node;
    Ort::ThrowOnError(Ort::GetEpApi().EpGraphSupportInfo_AddNodesToFuse(support, &one, 1, &options));
  }
}

OrtStatus* ORT_API_CALL TestEp::compile(OrtEp* self, const OrtGraph** graphs, const OrtNode** fused_nodes, size_t count,
                                        OrtNodeComputeInfo** compute_infos, OrtNode** ep_context_nodes) noexcept {
  return guarded([&]() -> OrtStatus* {
    static_cast<TestEp*>(self)->compile_all(graphs, fused_nodes, count, compute_infos, ep_context_nodes);
    return nullptr;
  });
}

void TestEp::compile_all(const OrtGraph** graphs, const OrtNode** fused_nodes, size_t count,
                         OrtNodeComputeInfo** compute_infos, OrtNode** ep_context_nodes) {
  const bool generating = settings_.enabled && ep_context_nodes != nullptr;
  if (generating) apply_compile_behavior();  // only here: a JIT session with the same env still works

  // Build everything first and hand it to ORT only when all of it succeeded, so a failure leaks nothing.
  std::vector<std::unique_ptr<FusedKernel>> kernels;
  std::vector<Ort::Node> context_nodes;
  int64_t claimed = 0;
  bool any_from_context = false;
  for (size_t i = 0; i < count; ++i) {
    Ort::ConstGraph graph{graphs[i]};
    Ort::ConstNode fused{fused_nodes[i]};
    const auto nodes = graph.GetNodes();
    const bool from_context = nodes.size() == 1 && is_own_ep_context_node(nodes[0]);

    Program program;
    if (from_context) {
      if (generating) {
        throw std::runtime_error(
            "WinmlTestEP: the model is already compiled (it has EPContext nodes); "
            "compile the original model instead");
      }
      // A side file is relative to the compiled model; ep.context_file_path names it when ORT does not know.
      std::filesystem::path folder = std::filesystem::path(graph.GetModelPath()).parent_path();
      if (folder.empty()) folder = settings_.output_model.parent_path();
      program = read_ep_context_node(nodes[0], folder);
    } else {
      program = program_from_graph(graph);
    }
    // The kernel context lists values in the fused node's order.
    const auto inputs = names_of(fused.GetInputs());
    const auto outputs = names_of(fused.GetOutputs());
    if (from_context &&
        (!std::is_permutation(inputs.begin(), inputs.end(), program.inputs.begin(), program.inputs.end()) ||
         !std::is_permutation(outputs.begin(), outputs.end(), program.outputs.begin(), program.outputs.end()))) {
      throw std::runtime_error("WinmlTestEP: EPContext node '" + nodes[0].GetName() +
                               "' does not match the fused node's inputs and outputs");
    }
    program.inputs = inputs;
    program.outputs = outputs;
    validate(program);

    if (generating) context_nodes.push_back(make_ep_context_node(fused, program, settings_, graph.GetModelPath()));
    claimed += static_cast<int64_t>(program.nodes.size());
    any_from_context = any_from_context || from_context;
    kernels.push_back(std::make_unique<FusedKernel>(std::move(program), counters_));
  }

  for (size_t i = 0; i < count; ++i) {
    compute_infos[i] = kernels[i].release();
    if (generating) ep_context_nodes[i] = context_nodes[i].release();  // ORT owns EPContext nodes
  }
  counters_.nodes_claimed += claimed;
  if (any_from_context) counters_.from_context = true;
}

void ORT_API_CALL TestEp::release_compute_infos(OrtEp* /*self*/, OrtNodeComputeInfo** compute_infos,
                                                size_t count) noexcept {
  for (size_t i = 0; i < count; ++i) delete static_cast<FusedKernel*>(compute_infos[i]);
}

}  // namespace winml_test_ep
