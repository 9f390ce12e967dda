#include "program.h"

#include <stdexcept>
#include <unordered_set>

#include "kernels.h"

namespace winml_test_ep {

void validate(const Program& program) {
  std::unordered_set<std::string> defined(program.inputs.begin(), program.inputs.end());
  if (program.nodes.empty()) throw std::invalid_argument("the subgraph has no nodes");
  for (const ProgramNode& node : program.nodes) {
    if (!is_supported_op(node.op_type)) throw std::invalid_argument("unsupported op type '" + node.op_type + "'");
    if (node.inputs.size() != 2 || node.outputs.size() != 1) {
      throw std::invalid_argument(node.op_type + " needs 2 inputs and 1 output");
    }
    for (const std::string& input : node.inputs) {
      if (!defined.count(input)) throw std::invalid_argument(node.op_type + " reads undefined value '" + input + "'");
    }
    defined.insert(node.outputs[0]);
  }
  for (const std::string& output : program.outputs) {
    if (!defined.count(output)) throw std::invalid_argument("output '" + output + "' is never computed");
  }
}

}  // namespace winml_test_ep
