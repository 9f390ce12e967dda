#include "platform/shared_library.h"

#include <gtest/gtest.h>

#include "platform/executable_path.h"

namespace winml::platform {
namespace {

int function_in_this_program() { return 1; }

TEST(FileHolding, NamesThisProgramByItsRealFile) {
  const std::filesystem::path file = file_holding(reinterpret_cast<const void*>(&function_in_this_program));
  EXPECT_TRUE(file.is_absolute()) << file;
  EXPECT_EQ(file, std::filesystem::canonical(current_executable_path()));
}

}  // namespace
}  // namespace winml::platform
