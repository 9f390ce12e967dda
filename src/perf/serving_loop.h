#pragma once
/// \file
/// Many requests at once through GenAI's Engine (engine::ServingEngine). Closed loop: `concurrency`
/// conversations are kept in flight, a new one submitted the moment one finishes, until `requests`
/// have finished (or, under a duration, until it has passed and those in flight have finished).
/// Open loop: each conversation is submitted when it arrives (perf/arrivals.h), however many are in
/// flight unless `max_in_flight` caps them (then it waits in winml's queue for a free slot). A
/// conversation of `turns` turns stays one engine request: each later turn appends a follow-up to
/// the context the engine holds and begins at once. Every turn's arrival, submission, tokens and
/// end are timed on the benchmark's clock, and every engine step with the tokens it produced (the
/// batch the engine really ran). Never prints.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/engine.h"
#include "winml/genai_session.h"

namespace winml::perf {

struct ServedRequest;

/// What to serve.
struct ServingLoopOptions {
  std::size_t concurrency = 1;    ///< closed loop: conversations kept in flight, at least 1
  std::size_t max_in_flight = 0;  ///< open loop: most conversations in flight at once; 0 = no limit
  std::size_t requests = 1;       ///< conversations served in all (under duration_s: at most)
  std::size_t turns = 1;          ///< turns per conversation, at least 1
  std::uint64_t new_tokens = 16;  ///< generated per turn at most (EOS masked until then: each is the same work)
  bool stop_at_eos = false;       ///< a turn may end at EOS before new_tokens
  /// Closed loop: no conversation starts once this many seconds have passed since the start.
  std::optional<double> duration_s;
  /// The prompt of the conversation with this index (0, 1, ...).
  std::function<std::vector<std::int32_t>(std::size_t index)> prompt;
  /// The tokens that begin turn `turn` (1, 2, ...) of conversation `index`; needed when turns > 1.
  std::function<std::vector<std::int32_t>(std::size_t index, std::size_t turn)> follow_up;
  /// Asked before every submission: once it says stop, no conversation or turn starts (those in
  /// flight finish their turn).
  std::function<bool()> stop;
  /// Told of every turn once it has ended, with its record (progress; outside every timed span).
  std::function<void(const ServedRequest&)> on_turn;
  /// Steps without a token or an end after which the engine is taken to have stalled.
  std::size_t max_idle_steps = 10'000;
};

/// One turn of a conversation as it was served (a single-turn run: one request).
struct ServedRequest {
  std::size_t index = 0;         ///< its place in ServingRun::requests
  std::size_t conversation = 0;  ///< the conversation it belongs to (0, 1, ...)
  std::size_t turn = 0;          ///< 0 for the first turn
  double arrival_s = 0;  ///< when it was due: its arrival, when a slot freed (closed loop), or its last turn's end
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
  std::vector<ServedRequest> requests;  ///< every turn, in the order they began
  bool stopped = false;                 ///< `stop` ended it before its plan
  std::vector<ServedStep> steps;
  std::uint64_t generated_tokens() const;
  /// Generated tokens per second of the run.
  double output_tokens_per_s() const;
  /// Finished requests per second of the run.
  double requests_per_s() const;
  /// The most tokens one step produced.
  std::size_t largest_batch() const;
};

/// Serves `options.requests` conversations through `engine`, `options.concurrency` at a time. Throws
/// SessionError when the engine stalls or a request fails, UsageError when the options cannot run.
ServingRun run_closed_loop(engine::ServingEngine& engine, const ServingLoopOptions& options, const Clock& clock);

/// Serves `options.requests` conversations through `engine`, conversation i due once `arrivals_s[i]`
/// seconds have passed since the start and submitted then (never before) or, under max_in_flight,
/// once a slot is free. While nothing can run, `wait` is called with the seconds to the next
/// arrival. Throws as run_closed_loop does, and UsageError when there is not one arrival per
/// conversation.
ServingRun run_open_loop(engine::ServingEngine& engine, const ServingLoopOptions& options,
                         const std::vector<double>& arrivals_s, const Clock& clock,
                         const std::function<void(double seconds)>& wait);

}  // namespace winml::perf
