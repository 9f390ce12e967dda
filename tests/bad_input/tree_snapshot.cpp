#include "bad_input/tree_snapshot.h"

#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>

namespace winml::test {
namespace {

namespace fs = std::filesystem;

TreeEntry entry_for(const fs::path& path) {
  struct stat info {};
  TreeEntry entry;
  if (::lstat(path.c_str(), &info) != 0) return entry;
  if (S_ISREG(info.st_mode))
    entry.kind = 'f';
  else if (S_ISDIR(info.st_mode))
    entry.kind = 'd';
  else if (S_ISLNK(info.st_mode))
    entry.kind = 'l';
  else
    entry.kind = 'o';
  // A folder's size and time change whenever an entry is added and removed again: the entries
  // themselves are what matter.
  if (entry.kind != 'd') {
    entry.size = static_cast<std::uintmax_t>(info.st_size);
    entry.mtime_ns = static_cast<long long>(info.st_mtim.tv_sec) * 1'000'000'000LL + info.st_mtim.tv_nsec;
  }
  return entry;
}

std::string describe(const TreeEntry& entry) {
  return std::string(1, entry.kind) + ", " + std::to_string(entry.size) + " bytes, mtime " +
         std::to_string(entry.mtime_ns);
}

bool allowed_path(const std::string& path, const std::vector<std::string>& allowed) {
  return std::any_of(allowed.begin(), allowed.end(),
                     [&](const std::string& glob) { return ::fnmatch(glob.c_str(), path.c_str(), 0) == 0; });
}

}  // namespace

TreeSnapshot snapshot_tree(const fs::path& root) {
  TreeSnapshot snapshot;
  std::error_code ec;
  // Paths are taken lexically: fs::relative would follow a link and file it under its target.
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    snapshot[it->path().lexically_relative(root).generic_string()] = entry_for(it->path());
  }
  return snapshot;
}

std::vector<std::string> tree_changes(const TreeSnapshot& before, const TreeSnapshot& after,
                                      const std::vector<std::string>& allowed) {
  std::vector<std::string> changes;
  for (const auto& [path, entry] : after) {
    if (allowed_path(path, allowed)) continue;
    auto old = before.find(path);
    if (old == before.end())
      changes.push_back("added " + path);
    else if (!(old->second == entry))
      changes.push_back("changed " + path + " (" + describe(old->second) + " -> " + describe(entry) + ")");
  }
  for (const auto& [path, entry] : before) {
    if (!after.contains(path) && !allowed_path(path, allowed)) changes.push_back("removed " + path);
  }
  return changes;
}

std::vector<std::string> matching_paths(const TreeSnapshot& snapshot, const std::vector<std::string>& globs) {
  std::vector<std::string> out;
  for (const auto& [path, entry] : snapshot) {
    if (allowed_path(path, globs)) out.push_back(path);
  }
  return out;
}

}  // namespace winml::test
