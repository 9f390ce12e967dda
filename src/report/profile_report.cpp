#include "report/profile_report.h"

#include <fmt/format.h>

#include <cmath>

#include "report/json_fields.h"
#include "report/text_units.h"

namespace winml::report {
namespace {

using Json = nlohmann::ordered_json;

double us_to_ms(double us) { return json_fields::ms(us * 1e-6); }

Json shares_json(const std::vector<profile::TimeShare>& shares) {
  Json out = Json::array();
  for (const profile::TimeShare& s : shares)
    out.push_back({{"name", s.name}, {"count", s.count}, {"ms", us_to_ms(s.us)}, {"share", s.share}});
  return out;
}

Json phase_json(const perf::ProfiledPhase& phase) {
  const profile::PhaseProfile& p = phase.profile;
  Json cells = Json::array();
  for (const profile::ProfileCell& c : p.cells) {
    cells.push_back(
        {{"stage", c.stage}, {"ep", c.ep}, {"op_type", c.op_type}, {"count", c.count}, {"ms", us_to_ms(c.us)}});
  }
  Json top = Json::array();
  for (const profile::TopNode& n : p.top) {
    top.push_back({{"stage", n.stage},
                   {"node", n.node},
                   {"op_type", n.op_type},
                   {"ep", n.ep},
                   {"count", n.count},
                   {"ms", us_to_ms(n.us)},
                   {"share", n.share}});
  }
  const double timed = phase.timed_median_s;
  return {{"phase", p.phase},
          {"runs", p.runs},
          {"steps", p.steps},
          {"run_ms", us_to_ms(p.run_us)},
          {"node_ms", us_to_ms(p.node_us)},
          {"traced_ms_per_step", json_fields::ms(phase.traced_s())},
          {"profiled_ms", json_fields::ms(phase.profiled_s)},
          {"timed_median_ms", json_fields::ms(timed)},
          {"gap_ms", json_fields::ms(phase.gap_s())},
          {"gap_pct", timed > 0 ? Json(phase.gap_s() / timed * 100.0) : Json(nullptr)},
          {"cpu_share", p.cpu_share ? Json(*p.cpu_share) : Json(nullptr)},
          {"stages", shares_json(p.stages)},
          {"eps", shares_json(p.eps)},
          {"op_types", shares_json(p.op_types)},
          {"cells", std::move(cells)},
          {"top", std::move(top)}};
}

std::string pct(double share) { return fmt::format("{:.1f} %", share * 100.0); }

void add_shares(text::Table& t, const char* kind, const std::vector<profile::TimeShare>& shares) {
  for (const profile::TimeShare& s : shares)
    t.add_row({fmt::format("{} {}", kind, s.name), std::to_string(s.count), text::duration(s.us * 1e-6), pct(s.share)});
}

std::string gap_text(const perf::ProfiledPhase& phase) {
  const char* per = phase.profile.phase == "decode" ? " per step" : "";
  const double timed = phase.timed_median_s;
  const std::string relative = timed > 0 ? fmt::format(", {:+.1f} %", phase.gap_s() / timed * 100.0) : "";
  return fmt::format("profiled {}{} vs timed median {}: gap {}{}{} (ORT traced {} in session runs)",
                     text::duration(phase.profiled_s), per, text::duration(timed), phase.gap_s() < 0 ? "-" : "+",
                     text::duration(std::abs(phase.gap_s())), relative, text::duration(phase.traced_s()));
}

}  // namespace

nlohmann::ordered_json profile_json(const std::optional<perf::RunProfile>& profile) {
  if (!profile) return nullptr;
  const perf::RunProfile& p = *profile;
  Json phases = Json::array();
  for (const perf::ProfiledPhase& phase : p.phases) phases.push_back(phase_json(phase));
  return {{"method", p.method},
          {"note", "made after the timed runs, in runs of its own: no timed figure was measured with profiling on"},
          {"directory", p.directory},
          {"traces", p.traces},
          {"merged_trace", p.merged_trace},
          {"runs", p.runs},
          {"top_k", p.top_k},
          {"cpu_share", p.cpu_share ? Json(*p.cpu_share) : Json(nullptr)},
          {"phases", std::move(phases)}};
}

std::string profile_text(const perf::RunProfile& profile, const text::Style& style) {
  std::string out = fmt::format(
      "{}profile{} · after the timed runs, in {} runs of its own ({}-level ONNX Runtime "
      "profiling) · traces in {}\n",
      style.bold, style.reset, profile.runs, profile.method, profile.directory);
  if (profile.cpu_share) {
    out += fmt::format("  CPU share {} of the node time, with an accelerator configured\n", pct(*profile.cpu_share));
  }
  for (const perf::ProfiledPhase& phase : profile.phases) {
    const profile::PhaseProfile& p = phase.profile;
    const std::string label = p.steps > 1 ? fmt::format("{} ({} steps, {} runs)", p.phase, p.steps, p.runs)
                                          : fmt::format("{} ({} runs)", p.phase, p.runs);
    text::Table t({label, "count", "time", "share"});
    add_shares(t, "stage", p.stages);
    add_shares(t, "EP", p.eps);
    add_shares(t, "op", p.op_types);
    for (const profile::TopNode& n : p.top) {
      t.add_row({fmt::format("node {} ({} · {} · {})", n.node, n.stage, n.op_type, n.ep), std::to_string(n.count),
                 text::duration(n.us * 1e-6), pct(n.share)});
    }
    t.add_row({"nodes in all", "", text::duration(p.node_us * 1e-6), pct(p.node_us > 0 ? 1.0 : 0.0)});
    out += t.render(style, 2);
    out += "  " + gap_text(phase) + "\n";
  }
  return out;
}

}  // namespace winml::report
