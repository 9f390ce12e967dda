#include "report/placement_report.h"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "report/text_units.h"
#include "session/placement.h"
#include "util/printable.h"

namespace winml::report {

nlohmann::ordered_json placement_json(const std::vector<StagePlacement>& stages) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const StagePlacement& s : stages) {
    nlohmann::ordered_json eps = nlohmann::ordered_json::array();
    for (const EpNodes& ep : s.eps) {
      nlohmann::ordered_json types = nlohmann::ordered_json::array();
      for (const OpTypeCount& t : ep.op_types) types.push_back({{"op_type", t.op_type}, {"nodes", t.nodes}});
      eps.push_back({{"ep", ep.ep}, {"nodes", ep.nodes}, {"op_types", types}});
    }
    nlohmann::ordered_json fallback = nlohmann::ordered_json::array();
    for (const PlacedNode& n : s.cpu_fallback) fallback.push_back({{"name", n.name}, {"op_type", n.op_type}});
    nlohmann::ordered_json entry = {{"stage", s.stage},
                                    {"configured_ep", s.configured_ep},
                                    {"source", s.source},
                                    {"probe_ms", std::round(s.probe_s * 1e6) / 1e3},
                                    {"nodes", s.nodes},
                                    {"on_configured_ep", s.on_configured()},
                                    {"configured_ep_share", std::round(s.configured_share() * 1e4) / 1e4},
                                    {"eps", eps},
                                    {"cpu_fallback", fallback}};
    if (!s.error.empty()) entry["error"] = s.error;
    out.push_back(std::move(entry));
  }
  return out;
}

void add_placement_rows(text::Table& table, const std::vector<StagePlacement>& stages) {
  std::size_t width = 0;
  for (const StagePlacement& s : stages) width = std::max(width, printable(s.stage).size());
  double probes_s = 0;
  int probes = 0;
  for (std::size_t i = 0; i < stages.size(); ++i) {
    const StagePlacement& s = stages[i];
    // Stage names come from the bundle's genai_config.json: shown escaped.
    table.add_row({i == 0 ? "placement" : "",
                   fmt::format("{:<{}}  {}", printable(s.stage), width, printable(session::placement_line(s)))});
    if (s.source == "probe") {
      probes_s += s.probe_s;
      probes += 1;
    }
  }
  if (probes > 0) {
    table.add_row({"", fmt::format("from {} probe session{} after the timed runs ({} to create)", probes,
                                   probes == 1 ? "" : "s", text::duration(probes_s))});
  }
}

double configured_ep_share(const std::vector<StagePlacement>& stages) {
  int nodes = 0;
  int on_ep = 0;
  for (const StagePlacement& s : stages) {
    if (!s.error.empty()) return -1;
    if (!s.accelerated()) continue;
    nodes += s.nodes;
    on_ep += s.on_configured();
  }
  return nodes > 0 ? static_cast<double>(on_ep) / nodes : -1;
}

}  // namespace winml::report
