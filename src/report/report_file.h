#pragma once
/// \file
/// Where reports go and how they are written: default path under the cache root, timestamps, and
/// atomic writes that refuse to replace an existing report unless asked.

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

namespace winml::report {

/// The name a model's reports are grouped under: the folder name of a bundle, the file name
/// without extension of an .onnx file. Trailing slashes are ignored; a name that cannot serve as
/// one folder ("", ".", "..") becomes "model".
std::string report_name_for(const std::filesystem::path& model);

/// cache_root()/perf/<report_name_for(model)>/<YYYYMMDD-HHMMSS>.json, in local time.
std::filesystem::path default_report_path(const std::filesystem::path& model,
                                          std::chrono::system_clock::time_point when);

/// RFC 3339 local time with its UTC offset, e.g. "2026-07-10T14:30:05+02:00": the report's
/// timestamp, matching the default file name.
std::string rfc3339_local(std::chrono::system_clock::time_point when);

/// Fails early, before any benchmarking, when the report could not be written: throws
/// winml::UsageError when path is a folder, or exists and overwrite is false.
void check_report_path(const std::filesystem::path& path, bool overwrite);

/// Writes the report atomically (platform::write_file_atomically), creating parent folders.
/// Throws winml::UsageError when the file exists and overwrite is false, winml::Error otherwise.
void write_report(const std::filesystem::path& path, std::string_view content, bool overwrite);

}  // namespace winml::report
