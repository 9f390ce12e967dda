#include "perf/service_objectives.h"

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "winml/errors.h"

namespace winml::perf {
namespace {

constexpr std::string_view kForm = "give e.g. --slo ttft=500ms,tpot=50ms,e2e=2s (units us, ms, s)";

double parse_time(std::string_view name, std::string_view text) {
  double scale = 0;
  std::string_view number = text;
  for (const auto& [unit, seconds] : {std::pair{std::string_view("us"), 1e-6}, {"ms", 1e-3}, {"s", 1.0}}) {
    if (text.size() > unit.size() && text.ends_with(unit)) {
      scale = seconds;
      number = text.substr(0, text.size() - unit.size());
      break;
    }
  }
  double value = 0;
  const auto parsed = std::from_chars(number.data(), number.data() + number.size(), value);
  if (scale == 0 || parsed.ec != std::errc{} || parsed.ptr != number.data() + number.size() || !(value > 0) ||
      !std::isfinite(value)) {
    throw UsageError(
        fmt::format("--slo {}={}: the time must be a positive number with its unit; {}", name, text, kForm));
  }
  return value * scale;
}

std::string duration_text(double seconds) {
  if (seconds < 1e-3) return fmt::format("{:g} us", seconds * 1e6);
  if (seconds < 1) return fmt::format("{:g} ms", seconds * 1e3);
  return fmt::format("{:g} s", seconds);
}

}  // namespace

ServiceObjectives parse_service_objectives(std::string_view text) {
  ServiceObjectives objectives;
  if (text.empty()) throw UsageError(fmt::format("--slo needs at least one objective; {}", kForm));
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view part = text.substr(start, comma - start);
    const std::size_t eq = part.find('=');
    if (eq == std::string_view::npos) throw UsageError(fmt::format("--slo: '{}' is not NAME=TIME; {}", part, kForm));
    const std::string_view name = part.substr(0, eq);
    std::optional<double>* slot = name == "ttft"   ? &objectives.ttft_s
                                  : name == "tpot" ? &objectives.tpot_s
                                  : name == "e2e"  ? &objectives.e2e_s
                                                   : nullptr;
    if (slot == nullptr) {
      throw UsageError(
          fmt::format("--slo: unknown objective '{}': the objectives are ttft, tpot and e2e; {}", name, kForm));
    }
    if (*slot) throw UsageError(fmt::format("--slo gives {} twice: give each objective once", name));
    *slot = parse_time(name, part.substr(eq + 1));
    start = comma + 1;
  }
  return objectives;
}

std::string describe(const ServiceObjectives& objectives) {
  std::string text;
  const auto add = [&text](std::string_view name, const std::optional<double>& limit) {
    if (limit) text += fmt::format("{}{} <= {}", text.empty() ? "" : ", ", name, duration_text(*limit));
  };
  add("ttft", objectives.ttft_s);
  add("tpot", objectives.tpot_s);
  add("e2e", objectives.e2e_s);
  return text;
}

std::optional<double> time_per_output_token_s(const ServedRequest& request) {
  if (request.token_s.size() < 2 || !request.first_token_s) return std::nullopt;
  return (request.finish_s - *request.first_token_s) / static_cast<double>(request.token_s.size() - 1);
}

bool meets(const ServedRequest& request, const ServiceObjectives& objectives) {
  if (objectives.ttft_s && (!request.first_token_s || request.ttft_s() > *objectives.ttft_s)) return false;
  if (objectives.tpot_s) {
    const auto tpot = time_per_output_token_s(request);
    if (tpot && *tpot > *objectives.tpot_s) return false;
  }
  return !(objectives.e2e_s && request.end_to_end_s() > *objectives.e2e_s);
}

Goodput goodput(const ServingRun& run, const ServiceObjectives& objectives) {
  Goodput g;
  g.requests = run.requests.size();
  for (const ServedRequest& r : run.requests) g.met += meets(r, objectives) ? 1 : 0;
  const double wall = run.end_s - run.start_s;
  g.requests_per_s = wall > 0 ? static_cast<double>(g.met) / wall : 0;
  return g;
}

}  // namespace winml::perf
