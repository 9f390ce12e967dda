#pragma once
/// \file
/// `perf compare` of two profiled results (`--profile`): the operator types whose node time per
/// step changed most, per phase. docs/metrics.md, "Comparing runs".

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace winml::compare {

/// One operator type's node time per step in a phase, base against new (0 where a side has none).
struct OpTypeChange {
  std::string phase;    ///< "prefill" or "decode"
  std::string op_type;  ///< as ONNX Runtime names it
  double base_ms = 0;   ///< per step
  double new_ms = 0;    ///< per step
  double change_ms() const { return new_ms - base_ms; }
  /// 100 × (new / base − 1); nullopt when the base had none of it.
  std::optional<double> change_percent() const;
};

/// How many operator types per phase the comparison lists.
inline constexpr std::size_t kOpTypeChangesShown = 5;

/// The `most` operator types per phase whose time per step changed most (by absolute change, ties
/// by name), phases in the base's order; empty when either result has no profile. What a report
/// file holds is read defensively: a profile of the wrong shape counts as none.
std::vector<OpTypeChange> op_type_changes(const nlohmann::ordered_json& base_result,
                                          const nlohmann::ordered_json& new_result,
                                          std::size_t most = kOpTypeChangesShown);

}  // namespace winml::compare
