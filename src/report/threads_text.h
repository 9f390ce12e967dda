#pragma once
/// \file
/// The console wording of cores and threads in effect, shared by the perf reports, `winml generate`
/// and `winml sys`.

#include <string>

#include "session/threads_in_effect.h"

namespace winml::report::text {

/// "2 logical cores, 2 physical (no SMT)", "8 logical cores, 4 physical (SMT)", or
/// "2 logical cores (physical unknown)".
std::string cores_text(unsigned logical_cores, unsigned physical_cores);

/// The threads of every stage and where they come from, then the cores: "2 (--threads) · 2
/// logical cores, ...", "1 (runtime default: GenAI takes half the logical cores, 1 to 16) · ...",
/// or per stage when stages differ: "embeddings 1 (runtime default), ctx 2 (bundle) · runtime
/// default: ... · ...".
std::string threads_text(const perf::ThreadsInEffect& threads);

}  // namespace winml::report::text
