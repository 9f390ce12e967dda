#include "winml/serving.h"

#include <map>

#include "engine/engine.h"

namespace winml {

struct ServingSession::Impl {
  GenaiSession* session = nullptr;
  engine::GenaiModel* model = nullptr;
  std::unique_ptr<engine::ServingEngine> serving;
  // Each open request's detokeniser: a token's text depends on the tokens before it.
  std::map<std::uint64_t, std::unique_ptr<engine::TokenStream>> streams;
};

ServingSession::ServingSession(GenaiSession& session) : impl_(std::make_unique<Impl>()) {
  impl_->session = &session;
  impl_->model = &session.loaded_model();
  impl_->serving = impl_->model->create_serving_engine();
}

ServingSession::~ServingSession() = default;
ServingSession::ServingSession(ServingSession&&) noexcept = default;
ServingSession& ServingSession::operator=(ServingSession&&) noexcept = default;

std::uint64_t ServingSession::submit(std::string_view prompt, int max_new_tokens) {
  if (max_new_tokens <= 0) {
    throw UsageError("a request needs at least one new token, not " + std::to_string(max_new_tokens));
  }
  const std::vector<std::int32_t> ids = impl_->session->encode(prompt);
  const std::uint64_t id = impl_->serving->submit(ids, static_cast<std::uint64_t>(max_new_tokens), 0);
  impl_->streams.emplace(id, impl_->model->create_token_stream());
  return id;
}

bool ServingSession::step(const std::function<void(const ServedText&)>& on_text) {
  if (!impl_->serving->has_pending()) return false;
  for (const engine::ServingEvent& e : impl_->serving->step()) {
    const auto stream = impl_->streams.find(e.request);
    if (stream == impl_->streams.end()) continue;
    ServedText piece{e.request, e.token ? stream->second->decode(*e.token) : std::string(), e.turn_finished};
    if (e.turn_finished) {
      impl_->serving->close(e.request);
      impl_->streams.erase(stream);
    }
    if (on_text) on_text(piece);
  }
  return impl_->serving->has_pending();
}

std::size_t ServingSession::max_batch_size() { return impl_->serving->limits().max_batch_size; }

}  // namespace winml
