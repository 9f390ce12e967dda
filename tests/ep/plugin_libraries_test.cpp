#include "ep/plugin_libraries.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "winml/errors.h"

namespace winml::ep {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// name, path, source of each parsed library, for compact expectations.
std::vector<std::string> described(const std::vector<PluginLibrary>& libraries) {
  std::vector<std::string> out;
  out.reserve(libraries.size());
  for (const auto& library : libraries) out.push_back(library.name + "|" + library.path + "|" + library.source);
  return out;
}

TEST(PluginLibraries, FlagsFirstThenTheEnvironmentInOrder) {
  EXPECT_THAT(described(parse_plugin_libraries({"A=/a.so", "B=/b.so"}, "C=/c.so;D=/d.so")),
              ::testing::ElementsAre("A|/a.so|--ep-library", "B|/b.so|--ep-library", "C|/c.so|WINML_EP_LIBRARIES",
                                     "D|/d.so|WINML_EP_LIBRARIES"));
}

TEST(PluginLibraries, NothingGivenIsEmpty) { EXPECT_TRUE(parse_plugin_libraries({}, "").empty()); }

TEST(PluginLibraries, EmptyEnvironmentEntriesAreSkipped) {
  EXPECT_THAT(described(parse_plugin_libraries({}, ";;A=/a.so;;B=/b.so;")),
              ::testing::ElementsAre("A|/a.so|WINML_EP_LIBRARIES", "B|/b.so|WINML_EP_LIBRARIES"));
  EXPECT_TRUE(parse_plugin_libraries({}, ";").empty());
}

TEST(PluginLibraries, FirstEqualsSignSplits) {
  EXPECT_THAT(described(parse_plugin_libraries({"Qnn=/opt/x=1/lib.so"}, "")),
              ::testing::ElementsAre("Qnn|/opt/x=1/lib.so|--ep-library"));
}

struct MalformedCase {
  std::vector<std::string> flags;
  std::string environment;
  std::string entry;  // quoted in the message
  std::string says;   // the start of the message
};

TEST(PluginLibraries, MalformedEntriesNameTheEntryAndWhereItCameFrom) {
  const std::vector<MalformedCase> cases = {
      {{"nothing-here"}, "", "'nothing-here'", "--ep-library expects NAME=PATH"},
      {{"=/lib.so"}, "", "'=/lib.so'", "--ep-library expects NAME=PATH"},
      {{"Name="}, "", "'Name='", "--ep-library expects NAME=PATH"},
      {{}, "garbage", "'garbage'", "WINML_EP_LIBRARIES expects NAME=PATH"},
      {{"A=/a.so"}, "B=/b.so;=/c.so", "'=/c.so'", "WINML_EP_LIBRARIES expects NAME=PATH"},
  };
  for (const auto& c : cases) {
    try {
      parse_plugin_libraries(c.flags, c.environment);
      ADD_FAILURE() << "accepted " << c.entry;
    } catch (const UsageError& e) {
      EXPECT_THAT(e.what(), AllOf(HasSubstr(c.says), HasSubstr(c.entry), HasSubstr("Example: --ep-library")));
    }
  }
}

// A 100 KB path cannot be a file: refused as it is read, its start shown and nothing more.
TEST(PluginLibraries, AHugePathIsRefusedWithItsStartOnly) {
  const std::string entry = "X=" + std::string(100 * 1024, 'a');
  try {
    parse_plugin_libraries({}, entry);
    FAIL();
  } catch (const UsageError& e) {
    const std::string message = e.what();
    EXPECT_THAT(message, AllOf(HasSubstr("WINML_EP_LIBRARIES names a library path of 102400 bytes"),
                               HasSubstr(std::string(40, 'a') + "…"), HasSubstr("32767 bytes at most")));
    EXPECT_LT(message.size(), 400u);
  }
  EXPECT_EQ(parse_plugin_libraries({"X=" + std::string(kMaxLibraryPathBytes, 'a')}, "").size(), 1u);
}

TEST(PluginLibraries, ALibraryGivenTwiceIsRefusedBeforeAnythingLoads) {
  struct Twice {
    std::vector<std::string> flags;
    std::string environment;
    std::string says;
  };
  const std::vector<Twice> cases = {
      {{"A=/a.so", "A=/a.so"}, "", "registered as 'A'"},                 // the same flag twice
      {{"A=/a.so"}, "a=/other.so", "registered as 'a'"},                 // one name (EP names ignore case)
      {{"A=/opt/x/lib.so"}, "B=/opt/x/../x/lib.so", "is given twice"},   // one library, two names
      {{"A=/a.so", "B=/b.so"}, "C=/c.so;B=/b.so", "registered as 'B'"},  // flag and environment
  };
  for (const auto& c : cases) {
    try {
      parse_plugin_libraries(c.flags, c.environment);
      ADD_FAILURE() << "accepted " << c.says;
    } catch (const UsageError& e) {
      EXPECT_THAT(e.what(), AllOf(HasSubstr(c.says), HasSubstr("once"))) << e.what();
    }
  }
  EXPECT_EQ(parse_plugin_libraries({"A=/a.so"}, "B=/b.so").size(), 2u);
}

}  // namespace
}  // namespace winml::ep
