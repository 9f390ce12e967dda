#include "compile/compile_result.h"

namespace winml::compile {

std::string_view to_string(StageAction action) {
  switch (action) {
    case StageAction::compiled:
      return "compiled";
    case StageAction::reused:
      return "reused";
    case StageAction::fell_back:
      return "fell_back";
    case StageAction::jit:
      return "jit";
  }
  return "unknown";
}

std::string_view to_string(Compatibility compatibility) {
  switch (compatibility) {
    case Compatibility::not_checked:
      return "not_checked";
    case Compatibility::not_applicable:
      return "not_applicable";
    case Compatibility::optimal:
      return "optimal";
    case Compatibility::prefer_recompile:
      return "prefer_recompile";
    case Compatibility::unsupported:
      return "unsupported";
  }
  return "unknown";
}

}  // namespace winml::compile
