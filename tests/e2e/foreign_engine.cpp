// A libwinml_engine.so from another build, as far as the loader can tell: it exports the identity
// chosen by FOREIGN_ENGINE_KIND and an instance function that must never be called (it aborts).
//   1: a newer winml with another interface version   2: another compiler / standard library
//   3: an older winml that exports no identity at all

#include <cstdlib>

#include "engine/engine.h"

#if FOREIGN_ENGINE_KIND != 3
extern "C" __attribute__((visibility("default"))) const winml::plugin::Identity* winml_engine_identity() {
#if FOREIGN_ENGINE_KIND == 1
  static const winml::plugin::Identity identity{999, "9.9.9", winml::plugin::kToolchain};
#else
  static const winml::plugin::Identity identity{winml::engine::kEngineInterfaceVersion, "0.0.0",
                                                "compiler other 1.0, libc++ 1"};
#endif
  return &identity;
}
#endif

extern "C" __attribute__((visibility("default"))) winml::engine::Engine* winml_engine_instance() { std::abort(); }
