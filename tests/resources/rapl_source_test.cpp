#include "resources/rapl_source.h"

#include <gtest/gtest.h>

#include <fstream>

#include "test_support/temp_dir.h"

namespace winml::resources {
namespace {

namespace fs = std::filesystem;

// A powercap class folder as the intel_rapl driver lays it out: zones and subzones side by side.
class FakePowercap {
 public:
  void zone(const std::string& id, const std::string& name, const std::string& energy_uj,
            const std::string& range_uj = "262143328850") {
    const fs::path dir = root() / ("intel-rapl:" + id);
    fs::create_directories(dir);
    put(dir / "name", name + "\n");
    if (!energy_uj.empty()) put(dir / "energy_uj", energy_uj + "\n");
    put(dir / "max_energy_range_uj", range_uj + "\n");
  }
  void energy(const std::string& id, const std::string& energy_uj) {
    put(root() / ("intel-rapl:" + id) / "energy_uj", energy_uj + "\n");
  }
  fs::path root() const { return dir_.path() / "powercap"; }

 private:
  static void put(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::trunc) << text; }
  test::TempDir dir_;
};

TEST(RaplSource, MicrojoulesParseOrSayMalformed) {
  EXPECT_DOUBLE_EQ(parse_microjoules("1500000\n"), 1.5);
  EXPECT_DOUBLE_EQ(parse_microjoules("1500000\r\n"), 1.5);  // a file written in text mode on Windows
  EXPECT_LT(parse_microjoules(""), 0);
  EXPECT_LT(parse_microjoules("12x"), 0);
  EXPECT_LT(parse_microjoules("-5"), 0);
}

TEST(RaplSource, PackagesAndDramAreSummedNotTheirPartsNorPsys) {
  FakePowercap tree;
  tree.zone("0", "package-0", "1000000");
  tree.zone("0:0", "core", "500000");
  tree.zone("0:1", "dram", "2000000");
  tree.zone("1", "psys", "9000000");
  SourceStatus status;
  auto source = RaplSource::open(tree.root(), status);
  ASSERT_TRUE(source) << status.detail;
  EXPECT_TRUE(status.available);
  EXPECT_EQ(status.detail, "package-0, dram");
  Sample first;
  source->read(first);
  EXPECT_DOUBLE_EQ(*first.energy_j, 0);  // joules since it was opened
  tree.energy("0", "4000000");           // +3 J
  tree.energy("0:0", "2500000");         // inside the package: not added
  tree.energy("0:1", "2500000");         // +0.5 J
  tree.energy("1", "19000000");          // everything: not added
  Sample second;
  source->read(second);
  EXPECT_DOUBLE_EQ(*second.energy_j, 3.5);
}

TEST(RaplSource, AWrappedCounterAddsItsRangeBack) {
  FakePowercap tree;
  tree.zone("0", "package-0", "9000000", "10000000");  // wraps at 10 J
  SourceStatus status;
  auto source = RaplSource::open(tree.root(), status);
  ASSERT_TRUE(source);
  tree.energy("0", "1000000");  // 9 J -> 10 J (wrap) -> 1 J: 2 J in all
  Sample sample;
  source->read(sample);
  EXPECT_DOUBLE_EQ(*sample.energy_j, 2);
}

TEST(RaplSource, SaysWhyNoneIsRead) {
  SourceStatus status;
  EXPECT_FALSE(RaplSource::open("/nonexistent/powercap", status));
  EXPECT_FALSE(status.available);
  EXPECT_NE(status.detail.find("no /nonexistent/powercap"), std::string::npos) << status.detail;

  FakePowercap psys_only;
  psys_only.zone("1", "psys", "1");
  EXPECT_FALSE(RaplSource::open(psys_only.root(), status));
  EXPECT_NE(status.detail.find("no package or dram zone"), std::string::npos) << status.detail;

  FakePowercap unreadable;
  unreadable.zone("0", "package-0", "");  // no energy_uj (refused to a user who is not root: not testable as root)
  EXPECT_FALSE(RaplSource::open(unreadable.root(), status));
  EXPECT_NE(status.detail.find("intel-rapl:0/energy_uj: "), std::string::npos) << status.detail;
  EXPECT_EQ(status.detail.find("root only"), std::string::npos) << "a missing file is not a permission problem";

  FakePowercap malformed;
  malformed.zone("0", "package-0", "lots");  // there and open, but not a number
  EXPECT_FALSE(RaplSource::open(malformed.root(), status));
  EXPECT_NE(status.detail.find("unreadable (energy_uj is readable by root only"), std::string::npos) << status.detail;
}

TEST(RaplSource, TheSamplerSumsItIntoEveryReading) {
  FakePowercap tree;
  tree.zone("0", "package-0", "1000000");
  SourceStatus status;
  auto source = RaplSource::open(tree.root(), status);
  ASSERT_TRUE(source);
  Sample sample;
  sample.energy_j = 1.0;  // another meter's joules
  tree.energy("0", "2000000");
  source->read(sample);
  EXPECT_DOUBLE_EQ(*sample.energy_j, 2.0);
}

}  // namespace
}  // namespace winml::resources
