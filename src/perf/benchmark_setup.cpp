#include "perf/benchmark_setup.h"

#include "engine/engine_loader.h"
#include "report/report_file.h"

namespace winml::perf {

engine::Engine& BenchmarkServices::get_engine() const { return engine ? engine() : engine::get(); }

std::filesystem::path checked_report_path(const ReportTarget& target, std::chrono::system_clock::time_point start) {
  bool chosen_by_us = target.output.empty();
  std::filesystem::path path =
      chosen_by_us ? report::default_report_path(target.model, start) : std::filesystem::path(target.output);
  report::check_report_path(path, target.overwrite || chosen_by_us);
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

void attach_engine_versions(MachineInfo& machine, engine::Engine& engine) {
  auto versions = engine.versions();
  machine.onnxruntime_version = versions.onnxruntime;
  machine.genai_version = versions.genai;
}

}  // namespace winml::perf
