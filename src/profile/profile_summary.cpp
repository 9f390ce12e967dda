#include "profile/profile_summary.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace winml::profile {
namespace {

// Accumulates count and time under a key, remembering the order keys first appeared.
template <typename Key>
struct Tally {
  std::map<Key, std::pair<std::size_t, double>> sums;
  std::vector<Key> order;
  void add(const Key& key, double us) {
    auto [it, inserted] = sums.try_emplace(key, 0, 0.0);
    if (inserted) order.push_back(key);
    it->second.first += 1;
    it->second.second += us;
  }
};

double share_of(double us, double total) { return total > 0 ? us / total : 0; }

std::vector<TimeShare> shares(const Tally<std::string>& tally, double total, bool largest_first) {
  std::vector<TimeShare> out;
  for (const std::string& key : tally.order) {
    const auto& [count, us] = tally.sums.at(key);
    out.push_back({key, count, us, share_of(us, total)});
  }
  if (largest_first) {
    std::stable_sort(out.begin(), out.end(), [](const TimeShare& a, const TimeShare& b) {
      return a.us != b.us ? a.us > b.us : a.name < b.name;
    });
  }
  return out;
}

}  // namespace

PhaseProfile summarize_phase(const std::string& phase, const std::vector<SessionRun>& runs, std::size_t steps,
                             std::size_t top_k, bool accelerated) {
  PhaseProfile p;
  p.phase = phase;
  p.runs = runs.size();
  p.steps = std::max<std::size_t>(steps, 1);
  Tally<std::string> stages, eps, ops;
  Tally<std::tuple<std::string, std::string, std::string>> cells;
  Tally<std::pair<std::string, std::string>> nodes;
  std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> node_kind;
  for (const SessionRun& run : runs) {
    p.run_us += run.dur_us;
    // A stage with runs but no node events (every node fused away) still shows, with no time.
    if (!stages.sums.contains(run.stage)) {
      stages.sums[run.stage] = {0, 0.0};
      stages.order.push_back(run.stage);
    }
    for (const NodeTime& node : run.nodes) {
      p.node_us += node.dur_us;
      stages.add(run.stage, node.dur_us);
      eps.add(node.ep, node.dur_us);
      ops.add(node.op_type, node.dur_us);
      cells.add({run.stage, node.ep, node.op_type}, node.dur_us);
      nodes.add({run.stage, node.node}, node.dur_us);
      node_kind[{run.stage, node.node}] = {node.op_type, node.ep};
    }
  }
  p.stages = shares(stages, p.node_us, false);
  p.eps = shares(eps, p.node_us, true);
  p.op_types = shares(ops, p.node_us, true);
  for (const auto& key : cells.order) {
    const auto& [count, us] = cells.sums.at(key);
    p.cells.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key), count, us});
  }
  std::stable_sort(p.cells.begin(), p.cells.end(), [](const ProfileCell& a, const ProfileCell& b) {
    return a.us != b.us ? a.us > b.us : std::tie(a.stage, a.ep, a.op_type) < std::tie(b.stage, b.ep, b.op_type);
  });
  for (const auto& key : nodes.order) {
    const auto& [count, us] = nodes.sums.at(key);
    const auto& [op_type, ep] = node_kind.at(key);
    p.top.push_back({key.first, key.second, op_type, ep, count, us, share_of(us, p.node_us)});
  }
  std::stable_sort(p.top.begin(), p.top.end(), [](const TopNode& a, const TopNode& b) {
    return a.us != b.us ? a.us > b.us : std::tie(a.stage, a.node) < std::tie(b.stage, b.node);
  });
  if (p.top.size() > top_k) p.top.resize(top_k);
  if (accelerated) {
    double cpu_us = 0;
    for (const TimeShare& ep : p.eps)
      if (ep.name == kCpuEp) cpu_us = ep.us;
    p.cpu_share = share_of(cpu_us, p.node_us);
  }
  return p;
}

std::optional<double> pooled_cpu_share(const std::vector<PhaseProfile>& phases) {
  double cpu_us = 0, node_us = 0;
  bool any = false;
  for (const PhaseProfile& p : phases) {
    if (!p.cpu_share) continue;
    any = true;
    node_us += p.node_us;
    cpu_us += *p.cpu_share * p.node_us;
  }
  if (!any) return std::nullopt;
  return share_of(cpu_us, node_us);
}

}  // namespace winml::profile
