#pragma once
/// \file
/// The console report: aligned tables with a unit on every number. Colour is decided by the
/// caller (terminal detection and --no-color live in the CLI), never here.

#include <utility>

#include "report/columns.h"
#include "report/reporter.h"
#include "report/sparkline.h"

namespace winml::report {

/// Renders results as human-readable tables.
class TextReporter final : public Reporter {
 public:
  /// color = wrap headers, labels and warnings in ANSI colour codes; glyphs = how sparklines are
  /// drawn (the locale decides, in the CLI); columns = --columns of the statistics or sweep table
  /// (report/columns.h).
  explicit TextReporter(bool color, text::Glyphs glyphs = text::Glyphs::unicode, ColumnChoice columns = {})
      : color_(color), glyphs_(glyphs), columns_(std::move(columns)) {}

 private:
  /// One result: configuration, statistics table, throughput/latency/memory lines
  /// (text_reporter_genai.cpp). Several: the sweep table, one row per combination (text_sweep.cpp).
  std::string format(const perf::GenaiPerfReport& report) const override;
  /// One result: configuration, latency table, throughput/memory lines (text_reporter_onnx.cpp).
  /// Several: the sweep table (text_sweep.cpp).
  std::string format(const perf::OnnxPerfReport& report) const override;
  /// The single-result views.
  std::string format_one(const perf::GenaiPerfResult& result) const;
  std::string format_one(const perf::OnnxPerfResult& result) const;

  bool color_;            ///< emit ANSI colour codes
  text::Glyphs glyphs_;   ///< sparkline characters
  ColumnChoice columns_;  ///< --columns
};

}  // namespace winml::report
