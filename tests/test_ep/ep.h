#pragma once
/// \file
/// One EP instance (ORT creates one per session): claims float MatMul/Add/Mul nodes and its own
/// EPContext nodes, compiles each claimed node into a FusedKernel, writes EPContext nodes when the
/// session generates a compiled model, and reports its counters when released.

#include <optional>
#include <string>
#include <vector>

#include "counters.h"
#include "ep_context.h"
#include "ort.h"

namespace winml_test_ep {

/// The OrtEp of the test EP.
class TestEp : public OrtEp {
 public:
  /// `devices` are the kinds ORT selected the EP for; `settings` come from the session options.
  TestEp(std::vector<DeviceKind> devices, ContextSettings settings, std::optional<std::string> counters_file);
  /// Appends the counters line when WINML_TEST_EP_COUNTERS was set at creation.
  ~TestEp();

  TestEp(const TestEp&) = delete;
  TestEp& operator=(const TestEp&) = delete;

 private:
  static const char* ORT_API_CALL get_name(const OrtEp* self) noexcept;
  static OrtStatus* ORT_API_CALL get_capability(OrtEp* self, const OrtGraph* graph,
                                                OrtEpGraphSupportInfo* support) noexcept;
  static OrtStatus* ORT_API_CALL compile(OrtEp* self, const OrtGraph** graphs, const OrtNode** fused_nodes,
                                         size_t count, OrtNodeComputeInfo** compute_infos,
                                         OrtNode** ep_context_nodes) noexcept;
  static void ORT_API_CALL release_compute_infos(OrtEp* self, OrtNodeComputeInfo** compute_infos,
                                                 size_t count) noexcept;
  static const char* ORT_API_CALL get_compatibility_info(OrtEp* self, const OrtGraph* graph) noexcept;

  void claim(const OrtGraph* graph, OrtEpGraphSupportInfo* support) const;
  void compile_all(const OrtGraph** graphs, const OrtNode** fused_nodes, size_t count,
                   OrtNodeComputeInfo** compute_infos, OrtNode** ep_context_nodes);

  ContextSettings settings_;
  std::optional<std::string> counters_file_;
  Counters counters_;
  std::string compatibility_info_;  ///< what get_compatibility_info last returned (ORT copies it)
};

}  // namespace winml_test_ep
