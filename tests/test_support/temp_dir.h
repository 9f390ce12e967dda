#pragma once
// A temporary folder removed at scope exit, for tests.

#include <cstddef>
#include <filesystem>
#include <iterator>
#include <random>
#include <string>
#include <system_error>

namespace winml::test {

/// Creates a fresh folder under the system temp dir; removes it (recursively) on destruction.
class TempDir {
 public:
  TempDir() {
    // create_directory is false when the name is taken: then another random name (mkdtemp's way,
    // on every system). Owner-only, as mkdtemp makes it.
    std::mt19937_64 random{std::random_device{}()};
    do {
      path_ = std::filesystem::temp_directory_path() / ("winml-test-" + std::to_string(random() % 1'000'000'000'000));
    } while (!std::filesystem::create_directory(path_));
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  /// The folder.
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

/// How many entries `dir` holds (what a test of temporary files counts before and after).
inline std::size_t entry_count(const std::filesystem::path& dir) {
  return static_cast<std::size_t>(
      std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()));
}

}  // namespace winml::test
