#include "engine_log.h"

#include <cstdio>
#include <string>

#include "engine/engine_loader.h"
#include "util/printable.h"

namespace winml::cli {
namespace {

const char* severity_name(engine::LogSeverity severity) {
  switch (severity) {
    case engine::LogSeverity::verbose:
      return "verbose";
    case engine::LogSeverity::info:
      return "info";
    case engine::LogSeverity::warning:
      return "warning";
    case engine::LogSeverity::error:
      return "error";
    default:
      return "fatal";
  }
}

// The lowest severity show_engine_line lets through, so the engines skip formatting the rest.
engine::LogSeverity threshold(int verbosity) {
  if (verbosity >= 3) return engine::LogSeverity::verbose;
  if (verbosity == 2) return engine::LogSeverity::info;
  return engine::LogSeverity::warning;
}

}  // namespace

bool show_engine_line(int verbosity, engine::LogSeverity severity) {
  if (verbosity < 0) return false;
  if (verbosity == 0) return severity == engine::LogSeverity::warning;
  return severity >= threshold(verbosity);
}

void route_engine_logs(int verbosity) {
  if (verbosity < 0) {
    engine::set_log_sink(engine::LogSeverity::fatal, {});
    return;
  }
  engine::set_log_sink(threshold(verbosity), [verbosity](engine::LogSeverity severity, const std::string& source,
                                                         const std::string& message) {
    if (!show_engine_line(verbosity, severity)) return;
    // One fprintf per line: stdio locks the stream, so lines from engine threads do not interleave.
    // Engine lines repeat model metadata (node and input names) and paths: printed escaped.
    std::fprintf(stderr, "%s: %s: %s\n", printable(source).c_str(), severity_name(severity),
                 printable_lines(message).c_str());
  });
}

}  // namespace winml::cli
