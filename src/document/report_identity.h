#pragma once
/// \file
/// When two parts of reports are the same: by what their JSON says, never by how a tool wrote it.
/// A report rewritten by jq -S or Python has its object keys in another order and is still the
/// same report, so `perf compare` and `perf merge` both decide sameness here.

#include <nlohmann/json.hpp>

namespace winml::document {

/// True when `a` and `b` hold the same values, objects compared whatever order their keys are in
/// (the "methods" objects of two reports, a config field of two results).
bool same_meaning(const nlohmann::ordered_json& a, const nlohmann::ordered_json& b);

/// What tells one sweep from another: its "sweep" object without the shard (each shard of one
/// command line has the same) and without the order of its keys.
class SweepIdentity {
 public:
  /// The identity of a report's "sweep" object.
  explicit SweepIdentity(const nlohmann::ordered_json& sweep);

  friend bool operator==(const SweepIdentity& a, const SweepIdentity& b) { return a.sweep_ == b.sweep_; }
  /// An order, so that sweeps can key a map; it means nothing else.
  friend bool operator<(const SweepIdentity& a, const SweepIdentity& b) { return a.sweep_ < b.sweep_; }

 private:
  nlohmann::json sweep_;  // keys sorted: two objects of the same keys and values are equal
};

}  // namespace winml::document
