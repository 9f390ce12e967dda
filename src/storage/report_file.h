#pragma once
/// \file
/// Where reports go and how they are written: default path under the cache root, timestamps, and
/// atomic writes that refuse to replace an existing report unless asked.

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

namespace winml::storage {

/// The folder name of a model's default reports: model_folder_name (storage/model_folder_name.h) of
/// the model's absolute, symlink-resolved path with 8 hex digits, e.g. "resnet50-1a2b3c4d". Two models
/// with one name in different folders ("model.onnx") never share a folder; one model reached by
/// different relative paths always gets the same one.
std::string report_folder_for(const std::filesystem::path& model);

/// cache_root()/perf/<report_folder_for(model)>/<YYYYMMDD-HHMMSS>.json, in local time. Write it
/// with write_new_report, which picks another name when this one is taken.
std::filesystem::path default_report_path(const std::filesystem::path& model,
                                          std::chrono::system_clock::time_point when);

/// RFC 3339 local time with its UTC offset, e.g. "2026-07-10T14:30:05+02:00": the report's
/// timestamp, matching the default file name.
std::string rfc3339_local(std::chrono::system_clock::time_point when);

/// Fails early, before any benchmarking, when the report could not be written: throws
/// winml::UsageError when path is (or leads to) a folder, a device, FIFO or socket, or is a link
/// to a process's open file such as /dev/stdout (whatever overwrite says), when it exists (a file
/// or a symbolic link, even one to nothing) and overwrite is false, or when it lies where no file
/// can be created (the nearest existing folder is probed with a real file: /proc, a read-only
/// mount, a file used as a folder). The part of the path that does not exist yet is taken as
/// platform::new_file_path normalises it. Messages name `flag` as the one that gives the path.
void check_report_path(const std::filesystem::path& path, bool overwrite, std::string_view flag = "-o");

/// Writes the report atomically (platform::write_file_atomically), creating parent folders. A
/// path that is a symbolic link is replaced by the report: the link itself, never the file it
/// leads to, also when the link was planted after the check (docs/security.md).
/// Throws winml::UsageError when the file exists and overwrite is false, winml::Error otherwise;
/// messages name `flag` as the one that gives the path (as check_report_path).
/// Temporary files that killed report writers left in the folder are swept first.
void write_report(const std::filesystem::path& path, std::string_view content, bool overwrite,
                  std::string_view flag = "-o");

/// Writes the report of a finished run, whose measurements must not be lost: as write_report
/// after check_report_path passed before the run, but when the path was taken during the run by
/// something it may not replace (a file, without `overwrite`; a folder, a device), the report goes
/// beside it, to the first free <stem>-2<ext>, <stem>-3<ext>, ... Returns the path written: `path`,
/// or the one beside it (the caller says so, naming both). `flag` names the path's flag.
std::filesystem::path write_finished_report(const std::filesystem::path& path, std::string_view content, bool overwrite,
                                            std::string_view flag = "-o");

/// Writes a report to a path winml chose (the default path): `path` when it is free, else the
/// first free one of <stem>-2.json, <stem>-3.json, ...; an existing report is never replaced,
/// also when another run writes at the same moment. Returns the path written. Throws
/// winml::Error when the file cannot be written.
/// Sweeps the folder like write_report.
std::filesystem::path write_new_report(const std::filesystem::path& path, std::string_view content);

}  // namespace winml::storage
