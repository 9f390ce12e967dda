#pragma once
/// \file
/// ServingSession: many requests at once on one GenaiSession's model, scheduled and batched by
/// GenAI's Engine, each request's text streamed as the engine produces it. Greedy decoding. GenAI's
/// Engine serves decoder-only bundles; a decoder pipeline is refused with a UsageError.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "winml/genai_session.h"

namespace winml {

/// New text of one request, from one engine step.
struct ServedText {
  std::uint64_t request = 0;  ///< the id submit() returned
  std::string text;           ///< the text its new token adds (may be empty mid-character)
  bool finished = false;      ///< its turn ended with this step; the request is closed
};

/// GenAI's Engine over a loaded GenaiSession, which must outlive it and stay loaded (no unload()
/// meanwhile). Not thread safe: every call from the thread that created it.
class ServingSession {
 public:
  /// Loads `session` when it is not loaded and creates GenAI's Engine over its model.
  explicit ServingSession(GenaiSession& session);
  ~ServingSession();
  ServingSession(ServingSession&&) noexcept;
  ServingSession& operator=(ServingSession&&) noexcept;
  ServingSession(const ServingSession&) = delete;
  ServingSession& operator=(const ServingSession&) = delete;

  /// Queues a request: `prompt` as given (apply_chat_template it first for a chat model), at most
  /// `max_new_tokens` generated. Returns its id (1, 2, ...).
  std::uint64_t submit(std::string_view prompt, int max_new_tokens);
  /// Runs one engine step and hands each request's new text to `on_text`, in the engine's order.
  /// Returns false once no request has work left.
  bool step(const std::function<void(const ServedText&)>& on_text);
  /// Requests the engine runs in one step at most.
  std::size_t max_batch_size();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace winml
