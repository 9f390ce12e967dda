#include "platform/user_folders.h"

#include <gtest/gtest.h>

namespace winml::platform {
namespace {

// Every desktop session has one, on every system.
TEST(UserFolders, CacheFolderIsAnAbsolutePath) {
  const std::filesystem::path folder = user_cache_folder();
  EXPECT_TRUE(folder.is_absolute()) << folder;
}

}  // namespace
}  // namespace winml::platform
