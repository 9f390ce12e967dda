// The portable half of read_file.h: the messages and the throwing forms.
#include "platform/read_file.h"

#include <cstdio>

#include "platform/utf8_path.h"

namespace winml::platform {

std::string byte_size_text(std::uint64_t bytes) {
  constexpr std::uint64_t kKiB = 1024;
  constexpr std::uint64_t kGiB = 1024 * kMiB;
  // Whole units only when exact, so that a bound reads as documented ("16 MiB") and a size just
  // past it is not rounded down to it.
  if (bytes >= kGiB && bytes % kGiB == 0) return std::to_string(bytes / kGiB) + " GiB";
  if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
  if (bytes >= kMiB) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / static_cast<double>(kMiB));
    return text;
  }
  if (bytes >= kKiB && bytes % kKiB == 0) return std::to_string(bytes / kKiB) + " KiB";
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

std::string read_problem_text(const std::filesystem::path& path, const FileRead& read, std::uint64_t max_bytes,
                              std::string_view what) {
  const std::string name = utf8_string(path);
  const std::string kind(what);
  switch (read.problem) {
    case ReadProblem::none:
      return name + " was read";
    case ReadProblem::missing:
      return name + " does not exist";
    case ReadProblem::folder:
      return name + " is not a regular file but a folder (" + kind + " must be a regular file)";
    case ReadProblem::special:
      return name + " is not a regular file but a device, FIFO or socket (" + kind + " must be a regular file)";
    case ReadProblem::too_large:
      return name + " is larger than the " + byte_size_text(max_bytes) + " " + kind + " may be" +
             (read.size > max_bytes ? " (it is " + byte_size_text(read.size) + ")" : "");
    case ReadProblem::short_file:
      return name + " ends at byte " + std::to_string(read.size) + ", before the data it should hold";
    case ReadProblem::unreadable:
      return name + " cannot be read (" + read.reason + ")";
  }
  return name + " cannot be read";
}

namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const FileRead& read, std::uint64_t max_bytes,
                       std::string_view what, ErrorCategory category, std::string_view fix) {
  std::string message = read_problem_text(path, read, max_bytes, what) + ".";
  if (!fix.empty()) message += " " + std::string(fix);
  // The types callers catch, not only the category.
  if (category == ErrorCategory::usage) throw UsageError(message);
  if (category == ErrorCategory::load) throw GenaiLoadError(message);
  throw Error(category, message);
}

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes, std::string_view what,
                              ErrorCategory category, std::string_view fix) {
  FileRead read = read_file_bounded(path, max_bytes);
  if (read.problem != ReadProblem::none) fail(path, read, max_bytes, what, category, fix);
  return std::move(read.bytes);
}

std::optional<std::string> read_regular_file_if_present(const std::filesystem::path& path, std::uint64_t max_bytes,
                                                        std::string_view what, ErrorCategory category,
                                                        std::string_view fix) {
  FileRead read = read_file_bounded(path, max_bytes);
  if (read.problem == ReadProblem::missing) return std::nullopt;
  if (read.problem != ReadProblem::none) fail(path, read, max_bytes, what, category, fix);
  return std::move(read.bytes);
}

}  // namespace winml::platform
