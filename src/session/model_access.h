#pragma once
/// \file
/// The engine-level model under a GenaiSession, for winml's own layers above the session (the
/// serving benchmark builds GenAI's Engine on it). Not public API: applications use ServingSession.

#include "engine/engine.h"
#include "winml/genai_session.h"

namespace winml::session {

/// Reaches GenaiSession's loaded model (a friend of GenaiSession).
struct ModelAccess {
  /// The session's model, loading it first when it is not loaded.
  static engine::GenaiModel& loaded_model(GenaiSession& session) { return session.loaded_model(); }
};

}  // namespace winml::session
