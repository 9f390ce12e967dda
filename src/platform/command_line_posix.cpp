#include "platform/command_line.h"

namespace winml::platform {

std::vector<std::string> utf8_arguments(int argc, char** argv) { return {argv, argv + argc}; }

}  // namespace winml::platform
