#include "winml/engine_scope.h"

#include <exception>

#include "engine/engine_loader.h"

namespace winml {

EngineScope::~EngineScope() {
  try {
    engine::shutdown();
  } catch (const std::exception&) {
    // A destructor must not throw; GenAI's teardown has nothing useful to report here.
  }
}

}  // namespace winml
