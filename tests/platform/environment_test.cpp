#include "platform/environment.h"

#include <gtest/gtest.h>

namespace winml::platform {
namespace {

// A value that is not ASCII: on Windows it crosses the UTF-16 environment both ways.
TEST(Environment, SetValuesReadBackAsUtf8) {
  const std::string value = "C:\\Users\\J\xc3\xb6rg\\\xe6\x97\xa5\xe6\x9c\xac";  // Jörg, 日本
  set_environment_variable("WINML_ENVIRONMENT_TEST", value);
  EXPECT_EQ(environment_variable("WINML_ENVIRONMENT_TEST"), value);
}

TEST(Environment, UnsetAndEmptyVariablesAreAbsent) {
  EXPECT_EQ(environment_variable("WINML_ENVIRONMENT_TEST_NEVER_SET"), std::nullopt);
  set_environment_variable("WINML_ENVIRONMENT_TEST_EMPTY", "");
  EXPECT_EQ(environment_variable("WINML_ENVIRONMENT_TEST_EMPTY"), std::nullopt);
}

}  // namespace
}  // namespace winml::platform
