#include "platform/standard_input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "platform/terminal.h"

namespace winml::platform {

FileRead read_standard_input(std::uint64_t max_bytes) {
  FileRead read;
  if (standard_input_is_terminal()) {
    read.problem = ReadProblem::special;
    return read;
  }
  // One byte past the bound tells a too-long input from one exactly at it.
  const std::uint64_t want = max_bytes == UINT64_MAX ? max_bytes : max_bytes + 1;
  char chunk[1 << 16];
  while (read.bytes.size() < want) {
    const std::uint64_t left = want - read.bytes.size();
    const std::size_t piece = left < sizeof chunk ? static_cast<std::size_t>(left) : sizeof chunk;
    const std::size_t n = std::fread(chunk, 1, piece, stdin);
    read.bytes.append(chunk, n);
    if (n < piece) break;
  }
  read.size = read.bytes.size();
  if (std::ferror(stdin) != 0) {
    read.problem = ReadProblem::unreadable;
    read.reason = std::strerror(errno);
    read.bytes.clear();
  } else if (read.size > max_bytes) {
    read.problem = ReadProblem::too_large;
    read.bytes.clear();
  }
  return read;
}

}  // namespace winml::platform
