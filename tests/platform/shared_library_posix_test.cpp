// file_holding() for a program started the ways a user starts an installed winml: by a bare name
// found on PATH, and through a symlink in another folder, from a current folder that is neither.
// dladdr names the main program by argv[0] there, which resolves against the wrong folder.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "platform/environment.h"
#include "platform/shared_library.h"
#include "platform/subprocess.h"
#include "platform/utf8_path.h"
#include "platform_test_child.h"
#include "test_support/temp_dir.h"

namespace winml::platform {
namespace {

namespace fs = std::filesystem;

/// Puts `folder` first on this process's PATH (posix_spawnp searches the parent's) until scope exit.
class PathScope {
 public:
  explicit PathScope(const fs::path& folder) : old_(environment_variable("PATH")) {
    set_environment_variable("PATH", utf8_string(folder) + (old_ ? ":" + *old_ : ""));
  }
  ~PathScope() { set_environment_variable("PATH", old_.value_or("")); }
  PathScope(const PathScope&) = delete;
  PathScope& operator=(const PathScope&) = delete;

 private:
  std::optional<std::string> old_;
};

/// What the test child reports as file_holding() of its own code, started as `program` (a bare
/// name looked up on PATH) with `elsewhere` as its current folder.
std::string holding_seen_by(const std::string& program, const fs::path& elsewhere) {
  ProcessOptions options;
  options.argv = {program, "file-holding", utf8_string(elsewhere)};
  const ProcessResult run = run_process(options);
  EXPECT_EQ(run.status, ExitStatus::success) << describe(run) << "\n" << run.output;
  return run.output;
}

TEST(FileHolding, FindsAProgramStartedFromPathInAnotherFolder) {
  const fs::path child = utf8_path(test::platform_test_child());
  test::TempDir elsewhere;
  PathScope path(child.parent_path());
  EXPECT_EQ(holding_seen_by(utf8_string(child.filename()), elsewhere.path()), utf8_string(fs::canonical(child)));
}

TEST(FileHolding, FindsTheRealProgramBehindASymlinkOnPath) {
  const fs::path child = utf8_path(test::platform_test_child());
  test::TempDir links;
  test::TempDir elsewhere;
  fs::create_symlink(child, links.path() / "renamed-child");
  PathScope path(links.path());
  EXPECT_EQ(holding_seen_by("renamed-child", elsewhere.path()), utf8_string(fs::canonical(child)));
}

TEST(FileHolding, NamesTheSharedLibraryHoldingAnAddress) {
  void* libc = ::dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(libc, nullptr) << ::dlerror();
  const fs::path file = file_holding(::dlsym(libc, "fclose"));
  ::dlclose(libc);
  EXPECT_TRUE(file.is_absolute()) << file;
  EXPECT_EQ(file.filename().string().rfind("libc", 0), 0U) << file;
}

TEST(FileHolding, IsEmptyForAnAddressNoObjectMaps) { EXPECT_TRUE(file_holding(nullptr).empty()); }

}  // namespace
}  // namespace winml::platform
