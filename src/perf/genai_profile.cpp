#include "perf/genai_profile.h"

#include <algorithm>

#include "bundle/genai_config.h"
#include "platform/atomic_file.h"
#include "platform/directory_listing.h"
#include "profile/merged_trace.h"
#include "profile/phase_split.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

double median_of(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[(values.size() - 1) / 2];  // the lower median, as Summary::median
}

}  // namespace

RunProfile profile_genai(GenaiSession& timed, const GenaiSessionOptions& base, const GenaiProfileInputs& inputs,
                         const GenaiMetrics& metrics, const std::filesystem::path& dir, const ProfileRequest& request) {
  const std::filesystem::path folder = fresh_profile_dir(dir);
  const std::string load_dir = timed.load_dir();
  const bundle::GenaiConfig config = bundle::load_genai_config(load_dir);
  timed.unload();  // one model in memory at a time

  GenaiSessionOptions options;
  options.allow_custom_ops = base.allow_custom_ops;
  options.engine = base.engine;
  options.clock = base.clock;
  options.profile_dir = folder.string();
  GenerationTiming profiled;
  {
    GenaiSession session(load_dir, options);
    session.load();
    for (std::size_t i = 0; i < kProfiledGenerations; ++i)
      profiled = session.generate_timed_at_depth(inputs.depth_ids, inputs.prompt_ids, inputs.generation);
  }  // destroying the sessions writes their profiles
  platform::remove_tree(folder / ".bundle");

  RunProfile result;
  result.method = "session";
  result.directory = folder.string();
  result.runs = kProfiledGenerations;
  result.top_k = request.top_k;
  std::vector<profile::StageTrace> traces;
  std::vector<std::string> stage_names;
  bool accelerated = false;
  for (const bundle::StageInfo& stage : config.stages) {
    accelerated = accelerated || stage.ep != "cpu";
    profile::StageTrace trace{stage.name, stage.run_on_token_gen, {}};
    for (const std::filesystem::path& file : profiles_of(folder, stage.name)) {
      result.traces.push_back(file.filename().string());
      auto runs = profile::read_trace(file, stage.name);
      trace.runs.insert(trace.runs.end(), runs.begin(), runs.end());
    }
    if (trace.runs.empty()) {
      throw Error(ErrorCategory::runtime, "--profile: ONNX Runtime wrote no profile of stage " + stage.name + " in " +
                                              folder.string() + "; check that the folder is writable.");
    }
    stage_names.push_back(stage.name);
    traces.push_back(std::move(trace));
  }
  const std::size_t decode_steps = profiled.decode_s.size();
  const auto phases = profile::split_last_generation(traces, kProfiledGenerations, decode_steps);

  ProfiledPhase prefill;
  prefill.profile =
      profile::summarize_phase("prefill", profile::phase_runs(phases, false), 1, request.top_k, accelerated);
  prefill.timed_median_s = metrics.prefill_s.median + metrics.depth_fill_s.median;
  prefill.profiled_s = profiled.prefill_s + profiled.depth_fill_s;
  result.phases.push_back(std::move(prefill));
  if (decode_steps > 0) {
    ProfiledPhase decode;
    decode.profile =
        profile::summarize_phase("decode", profile::phase_runs(phases, true), decode_steps, request.top_k, accelerated);
    decode.timed_median_s = metrics.decode_step_s.median;
    decode.profiled_s = median_of(profiled.decode_s);
    result.phases.push_back(std::move(decode));
  }
  std::vector<profile::PhaseProfile> summaries;
  for (const ProfiledPhase& p : result.phases) summaries.push_back(p.profile);
  result.cpu_share = profile::pooled_cpu_share(summaries);
  result.merged_trace = "merged.trace.json";
  platform::write_file_atomically(folder / result.merged_trace,
                                  profile::merged_trace_json(profile::generation_steps(phases), stage_names));
  return result;
}

}  // namespace winml::perf
