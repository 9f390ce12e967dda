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

// ORT names a session profile <prefix>_<timestamp>.json, the timestamp digits, '-' and '_': the
// check on the rest keeps stage "ctx" from claiming the files of a stage "ctx_2".
bool is_profile_of(const std::string& file, const std::string& stage) {
  const std::string head = stage + "_";
  if (!file.starts_with(head) || !file.ends_with(".json")) return false;
  const std::string rest = file.substr(head.size(), file.size() - head.size() - 5);
  return !rest.empty() &&
         std::all_of(rest.begin(), rest.end(), [](char c) { return (c >= '0' && c <= '9') || c == '-' || c == '_'; });
}

double median_of(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[(values.size() - 1) / 2];  // the lower median, as Summary::median
}

}  // namespace

std::filesystem::path profile_folder(const std::filesystem::path& report_path) {
  std::filesystem::path folder = report_path;
  return folder.replace_extension(".profile");
}

void require_profile_folder(const std::filesystem::path& report_path, bool overwrite) {
  const std::filesystem::path folder = profile_folder(report_path);
  std::error_code ec;
  if (!overwrite && std::filesystem::exists(folder, ec)) {
    throw UsageError("--profile: " + folder.string() +
                     " exists (the profiles of an earlier report); pass --overwrite to replace it, or give -o "
                     "another report path.");
  }
}

RunProfile profile_genai(GenaiSession& timed, const GenaiSessionOptions& base, const GenaiProfileInputs& inputs,
                         const GenaiMetrics& metrics, const std::filesystem::path& dir, const ProfileRequest& request) {
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::absolute(dir, ec);
  platform::remove_tree(folder);  // what an overwritten report's run left here
  std::filesystem::create_directories(folder, ec);
  if (ec) {
    throw Error(ErrorCategory::runtime, "--profile: cannot create " + folder.string() + " for the profiles (" +
                                            ec.message() + "); give -o a folder you can write.");
  }
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
  const std::vector<platform::ListedEntry> entries = platform::list_directory(folder);
  for (const bundle::StageInfo& stage : config.stages) {
    accelerated = accelerated || stage.ep != "cpu";
    profile::StageTrace trace{stage.name, stage.run_on_token_gen, {}};
    for (const platform::ListedEntry& entry : entries) {
      const std::string name = entry.path.filename().string();
      if (!entry.is_regular || !is_profile_of(name, stage.name)) continue;
      result.traces.push_back(name);
      auto runs = profile::read_trace(entry.path, stage.name);
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
