#pragma once
// What a folder tree holds (paths, kinds, sizes, modification times), to prove that a refused
// command left nothing behind.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace winml::test {

/// One entry of a tree, by its path relative to the root.
struct TreeEntry {
  char kind = '?';  ///< 'f' file, 'd' folder, 'l' link, 'o' other
  std::uintmax_t size = 0;
  long long mtime_ns = 0;
  bool operator==(const TreeEntry&) const = default;
};

/// Relative path -> entry; links are recorded, never followed.
using TreeSnapshot = std::map<std::string, TreeEntry>;

/// Records the tree under `root`.
TreeSnapshot snapshot_tree(const std::filesystem::path& root);

/// Lines "added PATH", "removed PATH", "changed PATH" for every difference, leaving out paths that
/// match one of the `allowed` globs (fnmatch, '*' crosses '/').
std::vector<std::string> tree_changes(const TreeSnapshot& before, const TreeSnapshot& after,
                                      const std::vector<std::string>& allowed);

/// Paths of `snapshot` that match one of the globs.
std::vector<std::string> matching_paths(const TreeSnapshot& snapshot, const std::vector<std::string>& globs);

}  // namespace winml::test
