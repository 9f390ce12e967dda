#pragma once
/// \file
/// Process-level lifetime of the engines (ONNX Runtime GenAI needs an explicit shutdown).

namespace winml {

/// Construct one at the top of main(), before any GenaiSession. Its destructor releases ONNX
/// Runtime GenAI's globals; every session must be destroyed by then. Constructing it loads
/// nothing: the engines are loaded on first use.
class EngineScope {
 public:
  EngineScope() = default;
  ~EngineScope();
  EngineScope(const EngineScope&) = delete;
  EngineScope& operator=(const EngineScope&) = delete;
};

}  // namespace winml
