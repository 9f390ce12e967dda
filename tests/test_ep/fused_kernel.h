#pragma once
/// \file
/// The compute function ORT calls for one fused node: runs its Program on the tensors in the
/// kernel context. Shapes and element types are read here, at run time, so a graph whose shapes
/// were unknown at compile time still works.

#include "counters.h"
#include "env_config.h"
#include "ort.h"
#include "program.h"

namespace winml_test_ep {

/// One fused node's OrtNodeComputeInfo. Created by Compile, freed by ReleaseNodeComputeInfos.
class FusedKernel : public OrtNodeComputeInfo {
 public:
  /// `counters` must outlive the kernel (the EP owns both). Reads WINML_TEST_EP_PERTURB (throws
  /// std::invalid_argument for a bad value), so a kernel keeps the perturbation it was made with.
  FusedKernel(Program program, Counters& counters);

 private:
  static OrtStatus* ORT_API_CALL create_state(OrtNodeComputeInfo* self, OrtNodeComputeContext* context,
                                              void** state) noexcept;
  static OrtStatus* ORT_API_CALL compute(OrtNodeComputeInfo* self, void* state,
                                         OrtKernelContext* kernel_context) noexcept;
  static void ORT_API_CALL release_state(OrtNodeComputeInfo* self, void* state) noexcept;

  void run(OrtKernelContext* kernel_context) const;

  Program program_;
  Counters& counters_;
  Perturbation perturbation_;
};

}  // namespace winml_test_ep
