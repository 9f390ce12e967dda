#include "compare/profile_compare.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace winml::compare {
namespace {

using Json = nlohmann::ordered_json;

// phase -> op type -> ms per step, in the phases' order; empty for a result without a valid profile.
std::vector<std::pair<std::string, std::map<std::string, double>>> per_step(const Json& result) {
  std::vector<std::pair<std::string, std::map<std::string, double>>> out;
  const Json* profile = nullptr;
  if (result.is_object() && result.contains("metrics") && result["metrics"].is_object() &&
      result["metrics"].contains("profile")) {
    profile = &result["metrics"]["profile"];
  }
  if (profile == nullptr || !profile->is_object() || !profile->contains("phases") || !(*profile)["phases"].is_array())
    return {};
  for (const Json& phase : (*profile)["phases"]) {
    if (!phase.is_object() || !phase.contains("phase") || !phase["phase"].is_string() || !phase.contains("op_types") ||
        !phase["op_types"].is_array())
      return {};
    double steps = phase.contains("steps") && phase["steps"].is_number() ? phase["steps"].get<double>() : 1;
    if (!(steps >= 1)) steps = 1;
    std::map<std::string, double> ops;
    for (const Json& op : phase["op_types"]) {
      if (!op.is_object() || !op.contains("name") || !op["name"].is_string() || !op.contains("ms") ||
          !op["ms"].is_number())
        return {};
      ops[op["name"].get<std::string>()] += op["ms"].get<double>() / steps;
    }
    out.emplace_back(phase["phase"].get<std::string>(), std::move(ops));
  }
  return out;
}

}  // namespace

std::optional<double> OpTypeChange::change_percent() const {
  if (base_ms <= 0) return std::nullopt;
  return 100.0 * (new_ms / base_ms - 1.0);
}

std::vector<OpTypeChange> op_type_changes(const Json& base_result, const Json& new_result, std::size_t most) {
  const auto base = per_step(base_result);
  const auto next = per_step(new_result);
  std::vector<OpTypeChange> out;
  if (base.empty() || next.empty()) return out;
  for (const auto& entry : base) {
    // Named apart: clang before C++20's P1091 cannot capture a structured binding in a lambda.
    const auto& phase = entry.first;
    const auto& base_ops = entry.second;
    auto other = std::find_if(next.begin(), next.end(), [&](const auto& p) { return p.first == phase; });
    if (other == next.end()) continue;
    std::map<std::string, OpTypeChange> changes;
    for (const auto& [op, ms] : base_ops) changes[op] = {phase, op, ms, 0};
    for (const auto& [op, ms] : other->second) {
      auto [it, inserted] = changes.try_emplace(op, OpTypeChange{phase, op, 0, 0});
      it->second.new_ms = ms;
    }
    std::vector<OpTypeChange> list;
    for (auto& [op, change] : changes) list.push_back(change);
    std::stable_sort(list.begin(), list.end(), [](const OpTypeChange& a, const OpTypeChange& b) {
      return std::abs(a.change_ms()) > std::abs(b.change_ms());
    });
    if (list.size() > most) list.resize(most);
    out.insert(out.end(), list.begin(), list.end());
  }
  return out;
}

}  // namespace winml::compare
