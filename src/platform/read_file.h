#pragma once
/// \file
/// Reading a file whole, safely, whatever sits at the path a user or a bundle names. The path is
/// looked at first (stat) and opened without blocking (a FIFO with no writer cannot hang the
/// open), then checked again on the open handle (fstat), so a path swapped between the check and
/// the open cannot make the read block or run without end. Only a regular file (or, where a
/// caller allows it, a pipe) of at most a stated size is read, and never more than that size
/// plus one byte. Every file winml reads goes through here; the size bounds are listed in
/// docs/limits.md, "Files winml reads".

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "winml/errors.h"

namespace winml::platform {

/// One mebibyte, for writing bounds.
inline constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

/// Why a file was not read.
enum class ReadProblem {
  none,        ///< read: the bytes are there
  missing,     ///< nothing at the path (or a link to nothing)
  folder,      ///< a folder
  special,     ///< a device, FIFO or socket (a pipe too, unless allowed)
  too_large,   ///< larger than the bound (a pipe: more than the bound came through it)
  short_file,  ///< a range read: the file ends before the range does
  unreadable,  ///< there, but cannot be opened or read (permissions, an I/O error)
};

/// What read_file_bounded found.
struct FileRead {
  ReadProblem problem = ReadProblem::none;
  std::string bytes;       ///< the content (of the range) when problem is none
  std::uint64_t size = 0;  ///< the file's size as seen (too_large, short_file); bytes read from a pipe
  std::string reason;      ///< unreadable: the system's words, e.g. "Permission denied"
};

/// How much of which kind of file a read takes.
struct ReadLimits {
  std::uint64_t max_bytes = 0;  ///< the most bytes read; a larger file is refused before any is read
  bool allow_pipe = false;      ///< a pipe (`--prompt-file <(echo hi)`) is read to its end or the bound
  std::uint64_t offset = 0;     ///< a range read starts here (regular files only)
  std::optional<std::uint64_t> length = std::nullopt;  ///< a range read takes this many bytes; none: to the end
  bool check_only = false;  ///< every check, no read: the bytes stay empty (a check before a long run)
};

/// Reads `path` under `limits`; never throws for what is at the path (the problem says why not).
FileRead read_file_bounded(const std::filesystem::path& path, const ReadLimits& limits);

/// Reads a whole regular file of at most `max_bytes`.
inline FileRead read_file_bounded(const std::filesystem::path& path, std::uint64_t max_bytes) {
  return read_file_bounded(path, ReadLimits{.max_bytes = max_bytes});
}

/// Opens `path` for reading as a C stream in binary ("rb") when it is a regular file, with the
/// checks of read_file_bounded (a FIFO cannot block the open; what was opened must be a regular
/// file), for readers that seek through a large file rather than take it whole (the ONNX
/// scanner). nullptr otherwise, with `why` saying why (its problem and reason; no bytes).
std::FILE* open_regular_file(const std::filesystem::path& path, FileRead& why);

/// The sentence saying why `read` failed for `path`, naming `what` it was meant to be ("a winml
/// perf report", "an input_N.pb file") and, for too_large, the bound `max_bytes`: e.g.
/// "/tmp/p is not a regular file but a device, FIFO or socket (a prompt file must be a regular
/// file)".
std::string read_problem_text(const std::filesystem::path& path, const FileRead& read, std::uint64_t max_bytes,
                              std::string_view what);

/// The bytes of the regular file `path` (at most `max_bytes`); anything else throws
/// winml::Error of `category` with read_problem_text and then `fix` (a sentence, may be empty).
std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes, std::string_view what,
                              ErrorCategory category = ErrorCategory::usage, std::string_view fix = {});

/// As read_regular_file, but nullopt when nothing is at the path (an optional file).
std::optional<std::string> read_regular_file_if_present(const std::filesystem::path& path, std::uint64_t max_bytes,
                                                        std::string_view what,
                                                        ErrorCategory category = ErrorCategory::usage,
                                                        std::string_view fix = {});

/// "16 MiB", "512 KiB", "300 bytes": a bound or a size for a message.
std::string byte_size_text(std::uint64_t bytes);

}  // namespace winml::platform
