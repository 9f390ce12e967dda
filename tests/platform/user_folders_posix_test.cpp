#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "platform/environment.h"
#include "platform/user_folders.h"

namespace winml::platform {
namespace {

// Puts a variable back as it was when the test leaves (the test binary shares one environment).
class SavedVariable {
 public:
  explicit SavedVariable(std::string name) : name_(std::move(name)), value_(environment_variable(name_)) {}
  ~SavedVariable() { set_environment_variable(name_, value_.value_or("")); }
  SavedVariable(const SavedVariable&) = delete;
  SavedVariable& operator=(const SavedVariable&) = delete;

 private:
  std::string name_;
  std::optional<std::string> value_;
};

TEST(UserFoldersPosix, FollowsTheXdgBaseDirectoryRules) {
  SavedVariable xdg("XDG_CACHE_HOME");
  SavedVariable home("HOME");
  set_environment_variable("XDG_CACHE_HOME", "/srv/caches-\xc3\xa9t\xc3\xa9");
  set_environment_variable("HOME", "/home/someone");
  EXPECT_EQ(user_cache_folder(), std::filesystem::path("/srv/caches-\xc3\xa9t\xc3\xa9"));
  set_environment_variable("XDG_CACHE_HOME", "");  // empty counts as unset (XDG Base Directory)
  EXPECT_EQ(user_cache_folder(), std::filesystem::path("/home/someone/.cache"));
  set_environment_variable("HOME", "");
  EXPECT_EQ(user_cache_folder(), std::filesystem::path());
}

}  // namespace
}  // namespace winml::platform
