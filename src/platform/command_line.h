#pragma once
/// \file
/// The program's arguments as UTF-8, on every system. POSIX hands main() the bytes it was given;
/// Windows hands main() its arguments in the ANSI code page, which cannot hold every file name, so
/// there they are read again as UTF-16 from the process's command line.

#include <string>
#include <vector>

namespace winml::platform {

/// main()'s `argc`/`argv` as UTF-8 strings (argv[0] included).
std::vector<std::string> utf8_arguments(int argc, char** argv);

/// Pointers into `arguments` in the shape main() takes (null-terminated), valid while
/// `arguments` is unchanged.
std::vector<char*> argv_of(std::vector<std::string>& arguments);

}  // namespace winml::platform
