#pragma once
/// \file
/// `winml perf merge`: many reports (the shards of a sweep run on a fleet, or runs on several
/// machines) into one report whose results keep their own machine facts and say where each came
/// from. docs/fleet.md.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "document/perf_report_document.h"

namespace winml::merge {

/// How strict a merge is.
struct MergeOptions {
  /// Merge a sweep even when some of its shards are missing (a warning names them); otherwise that
  /// is a usage error. Shards given twice are refused either way.
  bool allow_missing_shards = false;
};

/// A merged report and what the merge has to say about it.
struct MergedReport {
  nlohmann::ordered_json report;      ///< schema version 2: header, sweep, results
  std::vector<std::string> warnings;  ///< one sentence each (missing shards under allow_missing_shards)
};

/// Merges reports (each named by its source) of schema version 1 (one result) or 2: every result of every input, in the
/// order given except that the shards of one sweep follow each other in shard order, each result
/// with a "source" {file, shard} (kept from an earlier merge when it has one). The merged "sweep" is
/// the inputs' common sweep without its shard, or null when they ran different sweeps. Throws
/// winml::UsageError naming the file and the fix when inputs are of different kinds (genai, onnx),
/// computed statistics differently, are not reports, or when a sweep's shards are given twice or
/// (unless allowed) missing.
MergedReport merge_reports(const std::vector<document::PerfReportDocument>& inputs, const MergeOptions& options);

/// The text of a merged report, formatted as `winml perf` formats its reports.
std::string merged_report_text(const nlohmann::ordered_json& report);

}  // namespace winml::merge
