#pragma once
/// \file
/// What a folder holds, with sizes and modification times, and removing what winml put there:
/// for `winml perf ls` and `winml cache clean`, which walk winml's own cache folders.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace winml::platform {

/// One entry of a folder, as lstat sees it: links are never followed, so a link planted in the
/// cache cannot make a listing (or a removal) reach outside it.
struct ListedEntry {
  std::filesystem::path path;                      ///< the folder's path / the entry's name
  bool is_directory = false;                       ///< a real folder (not a link to one)
  bool is_regular = false;                         ///< a regular file (not a link to one)
  std::uint64_t bytes = 0;                         ///< a regular file's size; 0 otherwise
  std::chrono::system_clock::time_point modified;  ///< last modification
};

/// The entries of `dir` (not below it), sorted by name; empty when `dir` is missing or cannot be
/// read. Never throws.
std::vector<ListedEntry> list_directory(const std::filesystem::path& dir);

/// The regular files below `dir` (links neither followed nor counted) and the newest
/// modification among them (the folder's own when it holds none): what a folder weighs and
/// when it was last written. Never throws.
struct TreeTotals {
  std::uint64_t bytes = 0;                         ///< sum of the regular files' sizes
  std::size_t files = 0;                           ///< how many regular files
  std::chrono::system_clock::time_point modified;  ///< newest modification
};
TreeTotals tree_totals(const std::filesystem::path& dir);

/// Removes `path`: a file or link itself, or a folder with everything below it (links inside are
/// removed, never followed). Returns false when something could not be removed. Never throws.
bool remove_tree(const std::filesystem::path& path);

}  // namespace winml::platform
