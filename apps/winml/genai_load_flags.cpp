#include "genai_load_flags.h"

#include "cli_common.h"

namespace winml::cli {

perf::GenaiLoadChoice genai_load_choice(const GenaiLoadFlags& flags) {
  register_ep_libraries(flags.ep_libraries);
  ep::GenaiEpSelection selection = select_genai_ep(flags.ep, flags.device);
  perf::GenaiLoadChoice choice;
  choice.session.ep = selection.overrides() ? selection.ep : "";
  choice.session.device = selection.session_device;
  choice.session.compile = flags.compile;
  choice.session.compile_timeout_s = flags.compile_timeout_s;
  choice.session.allow_custom_ops = flags.allow_custom_ops;
  choice.device = selection.device;
  return choice;
}

}  // namespace winml::cli
