#pragma once
/// \file
/// The intra-op thread count each GenAI session of a bundle was created with, as its config sets
/// it. Its own header because the config reader (bundle/) fills it and the session (GenaiSession)
/// reports it: the config reader needs nothing else of the session.

#include <optional>
#include <string>

namespace winml {

/// The intra-op thread count one stage's session was created with, as the loaded config sets it.
struct StageThreads {
  std::string stage;                    ///< pipeline stage name, or "decoder"
  std::optional<int> intra_op_threads;  ///< intra_op_num_threads; nullopt = none set (GenAI's default)
};

}  // namespace winml
