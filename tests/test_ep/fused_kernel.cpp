#include "fused_kernel.h"

#include <algorithm>
#include <list>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

#include "kernels.h"

namespace winml_test_ep {

FusedKernel::FusedKernel(Program program, Counters& counters)
    : OrtNodeComputeInfo{}, program_(std::move(program)), counters_(counters), perturbation_(perturbation()) {
  ort_version_supported = ORT_API_VERSION;
  CreateState = create_state;
  Compute = compute;
  ReleaseState = release_state;
}

OrtStatus* ORT_API_CALL FusedKernel::create_state(OrtNodeComputeInfo* self, OrtNodeComputeContext* /*context*/,
                                                  void** state) noexcept {
  // Everything a run needs is immutable in the kernel itself; runs keep their buffers on the stack.
  *state = self;
  return nullptr;
}

OrtStatus* ORT_API_CALL FusedKernel::compute(OrtNodeComputeInfo* self, void* /*state*/,
                                             OrtKernelContext* kernel_context) noexcept {
  return guarded([&]() -> OrtStatus* {
    static_cast<const FusedKernel*>(self)->run(kernel_context);
    return nullptr;
  });
}

void ORT_API_CALL FusedKernel::release_state(OrtNodeComputeInfo* /*self*/, void* /*state*/) noexcept {}

void FusedKernel::run(OrtKernelContext* kernel_context) const {
  Ort::KernelContext context(kernel_context);
  if (context.GetInputCount() != program_.inputs.size() || context.GetOutputCount() != program_.outputs.size()) {
    throw std::runtime_error("WinmlTestEP: the fused node has " + std::to_string(context.GetInputCount()) +
                             " inputs and " + std::to_string(context.GetOutputCount()) + " outputs, its program " +
                             std::to_string(program_.inputs.size()) + " and " +
                             std::to_string(program_.outputs.size()));
  }

  std::unordered_map<std::string, TensorView> values;
  for (std::size_t i = 0; i < program_.inputs.size(); ++i) {
    Ort::ConstValue value = context.GetInput(i);
    if (value == nullptr || !value.IsTensor()) {
      throw std::runtime_error("WinmlTestEP: input '" + program_.inputs[i] + "' is not a tensor");
    }
    auto info = value.GetTensorTypeAndShapeInfo();
    if (info.GetElementType() != ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT) {
      throw std::runtime_error("WinmlTestEP: input '" + program_.inputs[i] + "' is not float32");
    }
    values[program_.inputs[i]] = {info.GetShape(), {value.GetTensorData<float>(), info.GetElementCount()}};
  }

  std::list<Tensor> results;  // a list: views into earlier results stay valid as it grows
  for (const ProgramNode& node : program_.nodes) {
    results.push_back(run_op(node.op_type, values.at(node.inputs[0]), values.at(node.inputs[1])));
    if (node.op_type == perturbation_.op_type) {
      for (float& v : results.back().data) v += perturbation_.offset;
    }
    values[node.outputs[0]] = results.back().view();
  }

  for (std::size_t i = 0; i < program_.outputs.size(); ++i) {
    const TensorView& result = values.at(program_.outputs[i]);
    Ort::UnownedValue output = context.GetOutput(i, result.shape);
    std::copy(result.data.begin(), result.data.end(), output.GetTensorMutableData<float>());
  }
  ++counters_.kernel_runs;
}

}  // namespace winml_test_ep
