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

}  // namespace winml::compile
