#include "platform/atomic_file.h"

#include "platform/temp_file.h"
#include "platform/utf8_path.h"
#include "winml/errors.h"

namespace winml::platform {

std::filesystem::path new_file_path(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  fs::path existing;
  fs::path tail;
  bool missing = false;
  for (const fs::path& part : path) {
    if (!missing) {
      const fs::path candidate = existing / part;
      std::error_code ec;
      // A link counts as there even when it leads nowhere: the system resolves it, not us.
      if (fs::symlink_status(candidate, ec).type() != fs::file_type::not_found || part == "." || part == "..") {
        existing = candidate;
        continue;
      }
      missing = true;
    }
    tail /= part;
  }
  bool dots = false;
  for (const fs::path& part : tail) dots = dots || part == "." || part == "..";
  if (!dots) return path;
  const fs::path normal = tail.lexically_normal();
  if (normal.empty() || normal == ".") return existing.empty() ? fs::path(".") : existing;
  return existing / normal;
}

void write_file_atomically(const std::filesystem::path& given, std::string_view content, bool overwrite) {
  const std::filesystem::path path = new_file_path(given);
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  // Deleted by its destructor on any failure below, and by the interrupt handler on Ctrl-C.
  TempFile tmp(path);
  tmp.write(content);
  if (!tmp.commit(overwrite)) {
    throw UsageError(utf8_string(given) + " already exists. Pass --overwrite to replace it, or choose another path.");
  }
}

}  // namespace winml::platform
