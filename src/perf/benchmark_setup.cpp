#include "perf/benchmark_setup.h"

#include <thread>

#include "engine/engine_loader.h"
#include "perf/quality_summary.h"
#include "storage/report_file.h"

namespace winml::perf {

void sleep_seconds(double seconds) {
  if (seconds > 0) std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

engine::Engine& BenchmarkServices::get_engine() const { return engine ? engine() : engine::get(); }

std::filesystem::path checked_report_path(const ReportTarget& target, std::chrono::system_clock::time_point start) {
  bool chosen_by_us = target.output.empty();
  std::filesystem::path path =
      chosen_by_us ? storage::default_report_path(target.model, start) : std::filesystem::path(target.output);
  storage::check_report_path(path, target.overwrite || chosen_by_us);
  return path;
}

BenchmarkStart begin_benchmark(const ReportTarget& target, const LoopRequest& loop, std::size_t default_iterations,
                               std::size_t default_warmup, const BenchmarkServices& services) {
  BenchmarkStart start;
  start.started = services.now();
  start.report_path = checked_report_path(target, start.started);
  start.loop = resolve_loop(loop, default_iterations, default_warmup);
  return start;
}

void begin_scheduled_run(std::size_t index, const ScheduledRun& run, std::span<const Combination> combinations,
                         const RoundPlan& rounds, const BenchmarkServices& services, ProgressSink& progress) {
  if (index > 0 && rounds.delay_s > 0) {
    progress.on_cooling(rounds.delay_s);
    services.sleep(rounds.delay_s);
  }
  if (combinations.size() > 1 || rounds.rounds > 1) {
    const Combination& combination = combinations[run.position];
    progress.on_combination({run.position + 1, combinations.size(), combination.label, run.round, rounds.rounds});
  }
}

std::vector<std::string> quality_warnings(std::span<const Combination> combinations,
                                          const std::vector<const RunQuality*>& qualities) {
  std::vector<LabelledQuality> runs;
  for (std::size_t i = 0; i < qualities.size(); ++i) {
    runs.push_back({combinations.size() > 1 ? combinations[i].label : std::string(), qualities[i]});
  }
  return quality_summary(runs);
}

void attach_engine_versions(MachineInfo& machine, engine::Engine& engine) {
  auto versions = engine.versions();
  machine.onnxruntime_version = versions.onnxruntime;
  machine.genai_version = versions.genai;
}

}  // namespace winml::perf
