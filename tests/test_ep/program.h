#pragma once
/// \file
/// A fused subgraph as the EP runs it: named inputs (in the fused node's input order), named
/// outputs, and the op nodes in topological order. Compile builds one from an ORT graph or from an
/// EPContext blob; the kernel runs it.

#include <string>
#include <vector>

namespace winml_test_ep {

/// One op: its type and the names of the values it reads and writes.
struct ProgramNode {
  std::string op_type;
  std::vector<std::string> inputs;
  std::vector<std::string> outputs;

  bool operator==(const ProgramNode&) const = default;
};

/// A fused subgraph.
struct Program {
  std::vector<std::string> inputs;   ///< the fused node's inputs, in the order the kernel gets them
  std::vector<std::string> outputs;  ///< the fused node's outputs, in order
  std::vector<ProgramNode> nodes;    ///< topological order

  bool operator==(const Program&) const = default;
};

/// Checks that every node is a supported op with two inputs and one output, reads only values
/// defined before it, and that every output is defined. Throws std::invalid_argument saying what
/// is wrong.
void validate(const Program& program);

}  // namespace winml_test_ep
