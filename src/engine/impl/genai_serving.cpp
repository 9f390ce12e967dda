#include "engine/impl/genai_serving.h"

#include <ort_genai.h>

#include <algorithm>
#include <map>
#include <string>

#include "engine/impl/error_translation.h"

namespace winml::engine::impl {
namespace {

// Events one step hands over at most; more are held by GenAI for the next step().
constexpr std::size_t kEventCapacity = 256;

FinishReason finish_reason(OgaFinishReason reason) {
  switch (reason) {
    case OgaFinishReason_Eos:
      return FinishReason::eos;
    case OgaFinishReason_StopString:
      return FinishReason::stop_string;
    case OgaFinishReason_MaxGeneratedTokens:
      return FinishReason::max_generated_tokens;
    case OgaFinishReason_MaxSessionTokens:
      return FinishReason::max_session_tokens;
    case OgaFinishReason_Cancelled:
      return FinishReason::cancelled;
    case OgaFinishReason_Failed:
      return FinishReason::failed;
    default:
      return FinishReason::none;
  }
}

class OgaServingEngine final : public ServingEngine {
 public:
  explicit OgaServingEngine(std::unique_ptr<OgaEngine> engine)
      : engine_(std::move(engine)), events_(OgaEngineEventBuffer::Create(*engine_, kEventCapacity)) {}
  // Requests and the buffer are bound to the engine: released before it.
  ~OgaServingEngine() override {
    for (auto& [id, request] : requests_) {
      try {
        request->Close();
      } catch (const std::exception&) {  // closing during teardown: nothing left to tell
      }
    }
    requests_.clear();
    events_.reset();
    engine_.reset();
  }
  OgaServingEngine(const OgaServingEngine&) = delete;
  OgaServingEngine& operator=(const OgaServingEngine&) = delete;

  ServingLimits limits() override {
    return translate_errors<SessionError>("GenAI could not report its Engine's limits", [&] {
      const auto capabilities = engine_->GetCapabilities();
      return ServingLimits{capabilities->ConfiguredMaxBatchSize(), capabilities->MaxScheduledTokens(),
                           capabilities->MaxRequestLength()};
    });
  }

  std::uint64_t submit(const std::vector<std::int32_t>& prompt, std::uint64_t max_new_tokens,
                       std::uint64_t min_new_tokens) override {
    return translate_errors<SessionError>("GenAI's Engine refused a request", [&] {
      auto request = engine_->CreateRequest();
      begin_turn(*request, prompt, max_new_tokens, min_new_tokens);
      const std::uint64_t id = ++last_id_;
      requests_.emplace(id, std::move(request));
      return id;
    });
  }

  void continue_request(std::uint64_t id, const std::vector<std::int32_t>& input, std::uint64_t max_new_tokens,
                        std::uint64_t min_new_tokens) override {
    const auto found = requests_.find(id);
    if (found == requests_.end()) throw SessionError("GenAI's Engine has no open request " + std::to_string(id));
    translate_errors<SessionError>("GenAI's Engine refused the next turn of a request",
                                   [&] { begin_turn(*found->second, input, max_new_tokens, min_new_tokens); });
  }

  std::vector<ServingEvent> step() override {
    return translate_errors<SessionError>("GenAI's Engine step (OgaEngineRun) failed", [&] {
      engine_->Run(*events_);
      std::vector<ServingEvent> out;
      out.reserve(events_->Count());
      for (std::size_t i = 0; i < events_->Count(); ++i) out.push_back(convert(*events_->Get(i)));
      return out;
    });
  }

  bool has_pending() override {
    return translate_errors<SessionError>("GenAI's Engine could not say whether work remains",
                                          [&] { return engine_->HasPendingRequests(); });
  }

  void close(std::uint64_t id) override {
    const auto found = requests_.find(id);
    if (found == requests_.end()) return;
    translate_errors<SessionError>("GenAI's Engine could not close a request", [&] { found->second->Close(); });
    requests_.erase(found);
  }

 private:
  static void begin_turn(OgaRequest& request, const std::vector<std::int32_t>& input, std::uint64_t max_new_tokens,
                         std::uint64_t min_new_tokens) {
    auto options = request.CreateTurnOptions();
    options->SetMaxGeneratedTokens(max_new_tokens);
    if (min_new_tokens > 0) options->SetMinGeneratedTokens(std::min(min_new_tokens, max_new_tokens));
    options->SetDoSample(false);
    request.BeginTurn(input.data(), input.size(), options.get());
  }

  ServingEvent convert(const OgaEngineEvent& event) const {
    ServingEvent out;
    if (const auto request = event.Request()) out.request = id_of(&request->get());
    const OgaEngineEventFlags flags = event.Flags();
    if ((flags & OgaEngineEventFlag_Token) != 0) out.token = event.Token();
    out.turn_finished = (flags & OgaEngineEventFlag_TurnFinished) != 0;
    if (out.turn_finished) {
      out.finish = finish_reason(event.FinishReason());
      const OgaTurnUsage& usage = event.Usage();
      out.prompt_tokens = usage.PromptTokens();
      out.cached_prompt_tokens = usage.CachedPromptTokens();
      out.generated_tokens = usage.GeneratedTokens();
    }
    return out;
  }

  std::uint64_t id_of(const OgaRequest* request) const {
    for (const auto& [id, held] : requests_) {
      if (held.get() == request) return id;
    }
    return 0;
  }

  std::unique_ptr<OgaEngine> engine_;
  std::unique_ptr<OgaEngineEventBuffer> events_;
  std::map<std::uint64_t, std::unique_ptr<OgaRequest>> requests_;
  std::uint64_t last_id_ = 0;
};

}  // namespace

std::unique_ptr<ServingEngine> create_serving_engine(OgaModel& model) {
  std::unique_ptr<OgaEngine> engine;
  try {
    engine = OgaEngine::Create(model);
  } catch (const std::exception& e) {
    std::string what = e.what();
    while (!what.empty() && (what.back() == '.' || what.back() == '\n' || what.back() == ' ')) what.pop_back();
    // GenAI's words for a model its Engine does not schedule (a decoder pipeline, for one).
    if (what.find("not supported") != std::string::npos) {
      throw UsageError("GenAI's Engine cannot serve this bundle: " + what +
                       ". Benchmark it one request at a time with plain `winml perf` instead.");
    }
    throw SessionError("GenAI could not create its Engine: " + what);
  }
  return translate_errors<SessionError>("GenAI could not create its Engine's event buffer", [&] {
    return std::unique_ptr<ServingEngine>(std::make_unique<OgaServingEngine>(std::move(engine)));
  });
}

}  // namespace winml::engine::impl
