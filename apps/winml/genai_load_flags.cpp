#include "genai_load_flags.h"

#include "cli_common.h"
#include "ep/discovery.h"

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
  choice.session.intra_op_threads = flags.threads;
  choice.session.compile = flags.compile;
  choice.session.compile_timeout_s = flags.compile_timeout_s;
  choice.session.compile_jobs = flags.compile_jobs;
  choice.session.allow_custom_ops = flags.allow_custom_ops;
  choice.device = choice.session.ep.device_label();
  return choice;
}

}  // namespace winml::cli
