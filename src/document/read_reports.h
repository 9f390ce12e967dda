#pragma once
/// \file
/// The report files one command reads (`perf compare`, `perf merge`, `perf report`), read once
/// here so that each refuses a bad or repeated file in the same words.

#include <filesystem>
#include <vector>

#include "document/perf_report_document.h"

namespace winml::document {

/// Reads each of `files` in order (read_perf_report). Throws winml::UsageError when a file is
/// named twice (also by two paths to one file), or as read_perf_report does.
std::vector<PerfReportDocument> read_reports(const std::vector<std::filesystem::path>& files);

}  // namespace winml::document
