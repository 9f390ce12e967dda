#include "ep/library_registration.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

using ::testing::HasSubstr;

std::string refusal(const PluginLibrary& library) {
  try {
    check_library_files({library});
  } catch (const UsageError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(LibraryFilesTest, RegularFileIsAccepted) {
  const test::TempDir dir;
  const auto path = dir.path() / "libacme.so";
  std::ofstream(path) << "not loaded here";
  EXPECT_EQ(refusal({"AcmeEP", path.string(), "--ep-library"}), "accepted");
  EXPECT_NO_THROW(check_library_files({}));
}

TEST(LibraryFilesTest, MissingFileNamesTheLibraryAndWhereItCameFrom) {
  const test::TempDir dir;
  const std::string path = (dir.path() / "absent.so").string();
  EXPECT_EQ(refusal({"AcmeEP", path, "WINML_EP_LIBRARIES"}),
            "EP library '" + path + "' (for AcmeEP) does not exist. Check the path given to WINML_EP_LIBRARIES.");
}

TEST(LibraryFilesTest, FolderIsNoLibrary) {
  const test::TempDir dir;
  EXPECT_THAT(refusal({"AcmeEP", dir.path().string(), "--ep-library"}),
              HasSubstr("is a folder, not a shared library file. Check the path given to --ep-library."));
}

// Nothing asked for: nothing registers and the engine stays unloaded (a CPU-only test has none).
TEST(LibraryRegistrationTest, NoLibraryRegistersNothing) { EXPECT_TRUE(register_requested_libraries({}, {}).empty()); }

TEST(LibraryRegistrationTest, BadEntryFailsBeforeAnythingLoads) {
  EXPECT_THROW(register_requested_libraries({"no-equals-sign"}, {}), UsageError);
  EXPECT_THROW(register_requested_libraries({"AcmeEP=/no/such/libacme.so"}, {}), UsageError);
}

}  // namespace
}  // namespace winml::ep
