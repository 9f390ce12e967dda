#include "perf/sweep_plan.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <stdexcept>

#include "perf/sweep_axes.h"
#include "perf/sweep_values.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

// The report's axes: only the settings given with more than one value.
std::vector<SweepAxis> swept_axes(const SweepAxes& given) {
  std::vector<SweepAxis> axes;
  for (const SweepAxisSpec& spec : sweep_axis_specs()) {
    std::vector<SweepValue> values = spec.given(given);
    if (values.empty()) throw std::invalid_argument(std::string("sweep axis ") + spec.name + " has no value");
    if (values.size() >= 2) axes.push_back({spec.name, std::move(values)});
  }
  return axes;
}

std::string label(const Combination& c, const std::vector<SweepAxis>& axes) {
  std::string out;
  for (const SweepAxis& axis : axes) {
    const SweepAxisSpec& spec = *find_sweep_axis(axis.name);
    if (!out.empty()) out += ' ';
    out += std::string(spec.label) + "=" + sweep_value_text(spec.requested(c));
  }
  return out;
}

}  // namespace

SweepPlan plan_sweep(const SweepAxes& a) {
  SweepPlan plan;
  plan.facts.axes = swept_axes(a);
  const auto& axes = plan.facts.axes;

  // In double: eight axes of up to kMaxSweepCombinations values each would overflow size_t.
  double product = 1;
  std::vector<std::string> sizes;
  for (const SweepAxis& axis : axes) {
    product *= static_cast<double>(axis.values.size());
    sizes.push_back(fmt::format("{} {}", axis.values.size(), axis_label(axis.name)));
  }
  if (product > static_cast<double>(kMaxSweepCombinations)) {
    throw UsageError(
        fmt::format("the sweep has {:.0f} combinations ({}), more than the {} one run measures; list "
                    "fewer values, or split the sweep into several runs (e.g. one per --threads value)",
                    product, fmt::join(sizes, " x "), kMaxSweepCombinations));
  }
  const auto total = static_cast<std::size_t>(product);
  plan.facts.combinations = total;
  plan.combinations.reserve(total);
  for (const auto& ep : a.eps)
    for (const auto& device : a.devices)
      for (const auto& threads : a.threads)
        for (const auto& prompt : a.prompt_tokens)
          for (int new_tokens : a.max_new_tokens)
            for (int depth : a.depths)
              for (const auto& max_length : a.max_lengths)
                for (int batch : a.batch_sizes)
                  for (int concurrency : a.concurrency)
                    for (const auto& rate : a.request_rates)
                      for (int turns : a.turns) {
                        Combination c;
                        c.index = plan.combinations.size();
                        c.load = {ep, device, threads};
                        c.run = {prompt, new_tokens, depth, max_length, batch, concurrency, rate, turns};
                        c.label = label(c, axes);
                        plan.combinations.push_back(std::move(c));
                      }
  return plan;
}

std::vector<std::span<const Combination>> load_groups(std::span<const Combination> combinations) {
  std::vector<std::span<const Combination>> groups;
  std::size_t start = 0;
  for (std::size_t i = 1; i <= combinations.size(); ++i) {
    if (i == combinations.size() || !(combinations[i].load == combinations[start].load)) {
      groups.push_back(combinations.subspan(start, i - start));
      start = i;
    }
  }
  return groups;
}

std::vector<ScheduledRun> schedule_rounds(std::span<const Combination> combinations, std::size_t rounds) {
  if (rounds < 1 || rounds > kMaxRounds) {
    throw std::invalid_argument(fmt::format("rounds must be 1 to {}, not {}", kMaxRounds, rounds));
  }
  const auto groups = load_groups(combinations);
  std::vector<ScheduledRun> runs;
  runs.reserve(rounds * combinations.size());
  for (std::size_t round = 1; round <= rounds; ++round) {
    std::size_t position = 0;
    for (std::span<const Combination> group : groups) {
      for (std::size_t i = 0; i < group.size(); ++i, ++position) {
        const bool loads = i == 0 && (round == 1 || groups.size() > 1);
        runs.push_back({round, position, loads});
      }
    }
  }
  return runs;
}

}  // namespace winml::perf
