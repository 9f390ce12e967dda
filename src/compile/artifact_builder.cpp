#include "compile/artifact_builder.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "compile/artifact_files.h"
#include "compile/cache_marker.h"
#include "compile/checkpoint.h"
#include "compile/worker_protocol.h"
#include "ep/plugin_eps.h"
#include "platform/subprocess.h"
#include "winml/errors.h"

namespace winml::compile {
namespace {

using platform::ExitStatus;
using platform::ProcessResult;

// The worker's last message (its error), shortened for one line.
std::string last_line(const std::string& output) {
  auto end = output.find_last_not_of("\r\n ");
  if (end == std::string::npos) return {};
  auto newline = output.find_last_of('\n', end);
  auto begin = newline == std::string::npos ? 0 : newline + 1;
  std::string line = output.substr(begin, end + 1 - begin);
  return line.size() > 300 ? line.substr(0, 297) + "..." : line;
}

std::string child_failure(const ProcessResult& run, const ArtifactTask& task, const StagedArtifact& staged) {
  switch (run.status) {
    case ExitStatus::timed_out:
      return fmt::format("compiling took longer than the {:g} s limit (--compile-timeout) and the worker was killed",
                         task.timeout_s);
    case ExitStatus::signaled:
      return fmt::format("the compile worker {} before writing a valid model", platform::describe(run));
    case ExitStatus::failure: {
      std::string message = last_line(run.output);
      return fmt::format("the compile worker failed ({}){}", describe_worker_exit(run.exit_code),
                         message.empty() ? "" : ": " + message);
    }
    case ExitStatus::spawn_failed:
      return fmt::format(
          "the compile worker {}. Reinstall winml so winml-compile-worker sits beside winml, or set "
          "WINML_COMPILE_WORKER to its path",
          platform::describe(run));
    case ExitStatus::success:
      break;
  }
  return "the compile worker reported success but " + staged.problem + "; the output was discarded";
}

}  // namespace

ArtifactOutcome build_artifact(const ArtifactTask& task) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  auto tell = [](const Notify& notify, const std::string& message) {
    if (notify) notify(message);
  };

  const auto sources = identify_sources(task.source);
  const std::string key = artifact_key({task.stage, &task.config, task.embed, task.compiler_id, sources});
  std::string why = task.force ? "recompiling on request" : reuse_problem(task.artifact, key, sources);
  std::string stale;  // why the runtime wants a matching artifact recompiled
  if (why.empty()) {
    std::string problem;
    const Compatibility cached = check_compatibility(task.check, task.artifact, task.config, &problem);
    stale = recompile_reason(cached, task.config);
    if (stale.empty()) return {StageAction::reused, elapsed(), problem, cached};
    why = stale;
  }

  StagingDir staging(task.artifact);
  checkpoint("staging-created");
  const auto staged_model = staging.path() / task.artifact.filename();
  tell(task.progress, fmt::format("compiling {} for {} on {} ({}; limit {:g} s)", task.stage, task.config.alias,
                                  task.config.device, why, task.timeout_s));
  platform::ProcessOptions options;
  options.argv = task.worker;
  WorkerRequest request{task.source, staged_model, task.config.ep, task.config.options, task.embed, task.config.device};
  for (const auto& library : ep::registered_plugin_libraries())
    request.ep_libraries.push_back(library.name + "=" + library.path);
  for (auto& arg : worker_arguments(request)) {
    options.argv.push_back(std::move(arg));
  }
  // Clamped so that an absurd --compile-timeout cannot overflow the conversion.
  options.timeout = std::chrono::milliseconds(static_cast<long long>(std::min(task.timeout_s, 1e9) * 1000));
  const ProcessResult run = platform::run_process(options);
  checkpoint("worker-finished");

  const StagedArtifact staged = inspect_staged(staged_model);
  if (!staged.valid) {
    std::string detail = child_failure(run, task, staged);
    if (run.status != ExitStatus::success && staged.model_written) detail += " (its partial output was discarded)";
    tell(task.warn, fmt::format("stage {}: {}; it runs just-in-time from its original ONNX", task.stage, detail));
    return {StageAction::fell_back, elapsed(), detail, Compatibility::not_checked};
  }
  // The runtime judges the fresh model before it replaces anything: one it cannot run is no artifact.
  std::string check_problem;
  const Compatibility fresh = check_compatibility(task.check, staged_model, task.config, &check_problem);
  if (fresh == Compatibility::unsupported) {
    std::string detail = fmt::format("ONNX Runtime says the model compiled now cannot run on {} {} (unsupported)",
                                     task.config.alias, task.config.device);
    tell(task.warn, fmt::format("stage {}: {}; it runs just-in-time from its original ONNX", task.stage, detail));
    return {StageAction::fell_back, elapsed(), detail, fresh};
  }
  std::vector<std::string> notes;
  if (!stale.empty()) notes.push_back(stale + "; recompiled");
  if (run.status != ExitStatus::success) {
    notes.push_back(
        fmt::format("the compile worker {} after writing a valid model, which is kept", platform::describe(run)));
    tell(task.warn, fmt::format("stage {}: {}", task.stage, notes.back()));
  }
  if (fresh == Compatibility::prefer_recompile) {
    notes.push_back(
        fmt::format("ONNX Runtime still prefers a recompile for {} {}", task.config.alias, task.config.device));
    tell(task.warn, fmt::format("stage {}: {}", task.stage, notes.back()));
  }
  if (!check_problem.empty()) notes.push_back(check_problem);
  std::string detail = fmt::format("{}", fmt::join(notes, "; "));
  try {
    discard_artifact(task.artifact);
    commit_artifact(staged, staging.path(), task.artifact, key, elapsed(), detail);
  } catch (const Error& e) {
    discard_artifact(task.artifact);
    std::string failure = std::string("the compiled model could not be put in place: ") + e.what();
    tell(task.warn, fmt::format("stage {}: {}; it runs just-in-time from its original ONNX", task.stage, failure));
    return {StageAction::fell_back, elapsed(), failure, fresh};
  }
  return {StageAction::compiled, elapsed(), detail, fresh};
}

void build_into(const ArtifactTask& task, StageResult& result) {
  ArtifactOutcome outcome = build_artifact(task);
  result.action = outcome.action;
  result.seconds = outcome.seconds;
  result.detail = outcome.detail;
  result.compatibility = outcome.compatibility;
  if (outcome.action != StageAction::fell_back) {
    result.filename = task.artifact.filename().string();
    result.artifact = task.artifact;
  }
}

}  // namespace winml::compile
