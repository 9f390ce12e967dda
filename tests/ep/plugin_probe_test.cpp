// The probe of plugin EP libraries, with shell commands standing in for the worker: how the child
// ends decides whether winml refuses the library, and only a passed probe is remembered. POSIX
// shells only; the Windows side is the same code with the job object's exception codes.

#include "ep/plugin_probe.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "test_support/temp_dir.h"
#include "winml/errors.h"

#ifndef _WIN32
namespace winml::ep {
namespace {

namespace fs = std::filesystem;

class PluginProbeTest : public ::testing::Test {
 protected:
  PluginProbeTest() {
    std::ofstream(library_path()) << "not really a library";
    library = {"fake", library_path().string(), "--ep-library"};
  }
  fs::path library_path() const { return dir.path() / "libfake.so"; }
  PluginProbe probe_with(const std::string& script) const {
    // The worker's own arguments (--probe-ep-library NAME=PATH) become $0 and $1 of the script.
    return {{"/bin/sh", "-c", script}, dir.path() / "memo", std::chrono::seconds(20)};
  }
  std::size_t memos() const {
    std::error_code ec;
    std::size_t count = 0;
    for (auto it = fs::directory_iterator(dir.path() / "memo", ec); !ec && it != fs::directory_iterator(); ++it)
      ++count;
    return count;
  }
  test::TempDir dir;
  PluginLibrary library;
};

TEST_F(PluginProbeTest, ACrashInTheChildNamesTheLibraryAndIsNotRemembered) {
  try {
    probe_plugin_libraries({library}, probe_with("kill -SEGV $$"));
    FAIL() << "a library that crashed its probe was accepted";
  } catch (const SessionError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("fake=" + library_path().string()), std::string::npos) << message;
    EXPECT_NE(message.find("--ep-library"), std::string::npos) << message;
    EXPECT_NE(message.find("crashed the process while being registered"), std::string::npos) << message;
    EXPECT_NE(message.find("signal 11"), std::string::npos) << message;
    EXPECT_NE(message.find("Fix or remove it"), std::string::npos) << message;
  }
  EXPECT_EQ(memos(), 0u);
}

TEST_F(PluginProbeTest, AHangIsRefusedToo) {
  PluginProbe probe = probe_with("sleep 30");
  probe.timeout = std::chrono::milliseconds(200);
  EXPECT_THROW(probe_plugin_libraries({library}, probe), SessionError);
  EXPECT_EQ(memos(), 0u);
}

TEST_F(PluginProbeTest, APassedProbeIsRememberedUntilTheLibraryChanges) {
  const fs::path counter = dir.path() / "runs";
  const PluginProbe probe = probe_with("echo run >> '" + counter.string() + "'");
  auto runs = [&] {
    std::ifstream in(counter);
    std::string line;
    int count = 0;
    while (std::getline(in, line)) ++count;
    return count;
  };
  probe_plugin_libraries({library}, probe);
  probe_plugin_libraries({library}, probe);
  EXPECT_EQ(runs(), 1);
  EXPECT_EQ(memos(), 1u);
  std::ofstream(library_path(), std::ios::app) << " rebuilt, one size larger";
  probe_plugin_libraries({library}, probe);
  EXPECT_EQ(runs(), 2);
}

TEST_F(PluginProbeTest, AnErrorExitOrAMissingWorkerIsLeftToTheRealRegistration) {
  EXPECT_NO_THROW(probe_plugin_libraries({library}, probe_with("exit 3")));
  EXPECT_NO_THROW(probe_plugin_libraries({library}, {{(dir.path() / "no-such-worker").string()}, dir.path() / "memo"}));
  EXPECT_EQ(memos(), 0u);
}

}  // namespace
}  // namespace winml::ep
#endif
