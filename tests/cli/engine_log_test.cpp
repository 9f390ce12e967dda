#include "engine_log.h"

#include <gtest/gtest.h>

namespace winml::cli {
namespace {

using engine::LogSeverity;

struct Row {
  int verbosity;
  bool verbose, info, warning, error;
};

// Default shows warnings but not errors: an engine error already comes back as winml's message.
TEST(EngineLog, ShowsTheLinesTheVerbosityAsksFor) {
  const Row rows[] = {
      {-1, false, false, false, false}, {0, false, false, true, false}, {1, false, false, true, true},
      {2, false, true, true, true},     {3, true, true, true, true},
  };
  for (const auto& r : rows) {
    EXPECT_EQ(show_engine_line(r.verbosity, LogSeverity::verbose), r.verbose) << r.verbosity;
    EXPECT_EQ(show_engine_line(r.verbosity, LogSeverity::info), r.info) << r.verbosity;
    EXPECT_EQ(show_engine_line(r.verbosity, LogSeverity::warning), r.warning) << r.verbosity;
    EXPECT_EQ(show_engine_line(r.verbosity, LogSeverity::error), r.error) << r.verbosity;
  }
}

}  // namespace
}  // namespace winml::cli
