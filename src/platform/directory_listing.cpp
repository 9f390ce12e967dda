#include "platform/directory_listing.h"

#include <algorithm>
#include <system_error>

namespace winml::platform {
namespace {

namespace fs = std::filesystem;

std::chrono::system_clock::time_point to_system(fs::file_time_type t) {
  return std::chrono::time_point_cast<std::chrono::system_clock::duration>(std::chrono::file_clock::to_sys(t));
}

}  // namespace

std::vector<ListedEntry> list_directory(const fs::path& dir) {
  std::vector<ListedEntry> entries;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) return entries;
  for (const fs::directory_iterator end; it != end; it.increment(ec)) {
    if (ec) break;
    ListedEntry entry;
    entry.path = it->path();
    const fs::file_status status = it->symlink_status(ec);
    if (ec) continue;
    entry.is_directory = fs::is_directory(status);
    entry.is_regular = fs::is_regular_file(status);
    if (entry.is_regular) {
      const std::uintmax_t size = it->file_size(ec);
      entry.bytes = ec ? 0 : size;
    }
    // last_write_time follows links; a link's own time is not needed (links are never taken).
    const fs::file_time_type written = fs::is_symlink(status) ? fs::file_time_type{} : it->last_write_time(ec);
    entry.modified = ec ? std::chrono::system_clock::time_point{} : to_system(written);
    entries.push_back(std::move(entry));
  }
  std::sort(entries.begin(), entries.end(), [](const ListedEntry& a, const ListedEntry& b) { return a.path < b.path; });
  return entries;
}

TreeTotals tree_totals(const fs::path& dir) {
  TreeTotals totals;
  // Iteratively, so a deep tree cannot exhaust the stack.
  std::vector<fs::path> pending{dir};
  while (!pending.empty()) {
    const fs::path folder = std::move(pending.back());
    pending.pop_back();
    for (const ListedEntry& entry : list_directory(folder)) {
      if (entry.is_directory) {
        pending.push_back(entry.path);
      } else if (entry.is_regular) {
        totals.bytes += entry.bytes;
        ++totals.files;
        totals.modified = std::max(totals.modified, entry.modified);
      }
    }
  }
  if (totals.files == 0) {
    std::error_code ec;
    const fs::file_time_type own = fs::last_write_time(dir, ec);
    if (!ec) totals.modified = to_system(own);
  }
  return totals;
}

bool remove_tree(const fs::path& path) {
  std::error_code ec;
  // remove_all removes links themselves and does not follow them into other folders.
  fs::remove_all(path, ec);
  return !ec;
}

}  // namespace winml::platform
