#include "genai_load_flags.h"

#include "cli_common.h"
#include "ep/catalog.h"
#include "ep/discovery.h"
#include "session/placement.h"
#include "winml/errors.h"

namespace winml::cli {

perf::GenaiLoadChoice genai_load_choice(const GenaiLoadFlags& flags) {
  register_ep_libraries(flags.ep_libraries);
  ep::EngineEpDiscovery discovery;
  ep::EpSelector selector(discovery);
  return resolve_genai_load(flags, selector);
}

perf::GenaiLoadChoice resolve_genai_load(const GenaiLoadFlags& flags, ep::EpSelector& selector) {
  perf::GenaiLoadChoice choice;
  choice.session.ep = selector.for_bundle(flags.ep, flags.device);
  if (flags.all_stages) choice.session.ep = choice.session.ep.with_all_stages();
  choice.session.intra_op_threads = flags.threads;
  choice.session.compile = flags.compile;
  choice.session.compile_timeout_s = flags.compile_timeout_s;
  choice.session.compile_jobs = flags.compile_jobs;
  choice.session.allow_custom_ops = flags.allow_custom_ops;
  choice.session.no_cpu_fallback = flags.no_cpu_fallback;
  const ep::EpInfo* info = choice.session.ep.info();
  if (flags.no_cpu_fallback && info != nullptr && ep::is_cpu(*info)) throw UsageError(session::kNoCpuFallbackOnCpu);
  choice.device = choice.session.ep.device_label();
  return choice;
}

}  // namespace winml::cli
