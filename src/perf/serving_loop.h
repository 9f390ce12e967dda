#pragma once
/// \file
/// Many requests at once through GenAI's Engine (engine::ServingEngine). Closed loop: `concurrency`
/// requests are kept in flight, a new one submitted the moment one finishes, until `requests` have
/// finished. Open loop: each request is submitted when it arrives (perf/arrivals.h), however many
/// are in flight. Every request's arrival, submission, tokens and end are timed on the benchmark's
/// clock, and every engine step with the tokens it produced (the batch the engine really ran).
/// Never prints.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/engine.h"
#include "winml/genai_session.h"

namespace winml::perf {

/// What to serve.
struct ServingLoopOptions {
  std::size_t concurrency = 1;    ///< closed loop: requests kept in flight, at least 1
  std::size_t requests = 1;       ///< requests served in all
  std::uint64_t new_tokens = 16;  ///< generated per request (EOS masked until then: each is the same work)
  /// The prompt of the request with this index (0, 1, ...).
  std::function<std::vector<std::int32_t>(std::size_t index)> prompt;
  /// Steps without a token or an end after which the engine is taken to have stalled.
  std::size_t max_idle_steps = 10'000;
};

/// One request as it was served.
struct ServedRequest {
  std::size_t index = 0;
  double arrival_s = 0;  ///< when it was due: the start, or when a slot freed (closed loop)
  double submit_s = 0;   ///< when it was handed to the engine
  std::optional<double> first_token_s;
  std::vector<double> token_s;  ///< the end of the step that produced each token
  double finish_s = 0;
  engine::FinishReason finish = engine::FinishReason::none;
  std::uint64_t prompt_tokens = 0;
  std::uint64_t cached_prompt_tokens = 0;
  std::uint64_t generated_tokens = 0;

  /// Time to first token from arrival; 0 when it produced none.
  double ttft_s() const { return first_token_s ? *first_token_s - arrival_s : 0; }
  /// Arrival to the end of its turn.
  double end_to_end_s() const { return finish_s - arrival_s; }
  /// The gaps between its consecutive tokens.
  std::vector<double> inter_token_s() const;
};

/// One engine step.
struct ServedStep {
  double start_s = 0;
  double end_s = 0;
  std::size_t tokens = 0;  ///< tokens it produced: the requests it decoded (or finished prefilling)
};

/// A whole closed-loop run.
struct ServingRun {
  double start_s = 0;
  double end_s = 0;
  std::vector<ServedRequest> requests;  ///< in index order
  std::vector<ServedStep> steps;
  std::uint64_t generated_tokens() const;
  /// Generated tokens per second of the run.
  double output_tokens_per_s() const;
  /// Finished requests per second of the run.
  double requests_per_s() const;
  /// The most tokens one step produced.
  std::size_t largest_batch() const;
};

/// Serves `options.requests` requests through `engine`, `options.concurrency` at a time. Throws
/// SessionError when the engine stalls or a request fails.
ServingRun run_closed_loop(engine::ServingEngine& engine, const ServingLoopOptions& options, const Clock& clock);

/// Serves `options.requests` requests through `engine`, request i submitted once `arrivals_s[i]`
/// seconds have passed since the start (never before). While nothing is in flight, `wait` is
/// called with the seconds to the next arrival. Throws as run_closed_loop does, and UsageError
/// when there is not one arrival per request.
ServingRun run_open_loop(engine::ServingEngine& engine, const ServingLoopOptions& options,
                         const std::vector<double>& arrivals_s, const Clock& clock,
                         const std::function<void(double seconds)>& wait);

}  // namespace winml::perf
