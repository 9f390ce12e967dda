#include "storage/report_file.h"

#include <fmt/format.h>

#include "platform/atomic_file.h"
#include "platform/file_kind.h"
#include "platform/local_time.h"
#include "platform/temp_sweep.h"
#include "storage/cache_root.h"
#include "storage/model_folder_name.h"
#include "winml/errors.h"

namespace winml::storage {
namespace {

// The folder a report will be created in: the nearest ancestor of `path` that exists (the missing
// ones are created when the report is written).
std::filesystem::path existing_ancestor(const std::filesystem::path& path) {
  std::filesystem::path folder = path.parent_path();
  while (!folder.empty() && platform::file_kind(folder) == platform::FileKind::missing) {
    folder = folder.parent_path();
  }
  return folder.empty() ? std::filesystem::path(".") : folder;
}

// Refuses a report path whose folder cannot take a new file, with the reason and the flag to change.
void check_report_folder(const std::filesystem::path& path, std::string_view flag) {
  const std::filesystem::path folder = existing_ancestor(path);
  if (platform::file_kind(folder) != platform::FileKind::directory) {
    throw UsageError("cannot write the report " + path.string() + ": " + folder.string() +
                     " is not a folder. Choose another path with " + std::string(flag) + ".");
  }
  const std::string problem = platform::file_creation_problem(folder);
  if (!problem.empty()) {
    throw UsageError("cannot write the report " + path.string() + ": no file can be created in " + folder.string() +
                     " (" + problem + "). Choose a writable path with " + std::string(flag) +
                     ", or set WINML_CACHE_DIR to a writable folder.");
  }
}

// True for a link to one of a process's open files, such as /dev/stdout (-> /proc/self/fd/1):
// replacing it, as root, would turn the system's /dev/stdout into a plain file.
bool is_descriptor_link(const std::filesystem::path& path) {
  std::error_code ec;
  const std::string target = std::filesystem::read_symlink(path, ec).generic_string();
  return !ec && (target.starts_with("/proc/") || target.starts_with("/dev/fd/"));
}

bool is_link(const std::filesystem::path& path) {
  std::error_code ec;
  return std::filesystem::is_symlink(std::filesystem::symlink_status(path, ec));
}

// Refuses a path that is (or leads to) something a report never replaces: a folder, a device,
// FIFO or socket, a link to a process's open file. Whatever `overwrite` says.
void refuse_unreplaceable(const std::filesystem::path& path, const std::filesystem::path& shown,
                          std::string_view flag) {
  const std::string with = " with " + std::string(flag);
  if (is_descriptor_link(path)) {
    throw UsageError("report path " + shown.string() +
                     " is a link to an open file of a process (like /dev/stdout), not a file, and is never "
                     "replaced. Give a file path" +
                     with + (flag == "-o" ? "; use -f json to get the report on stdout." : "."));
  }
  switch (platform::file_kind(path)) {
    case platform::FileKind::directory:
      throw UsageError("report path " + shown.string() + " is a folder: give a file name" + with + ", e.g. " +
                       std::string(flag) + " " + (shown / (flag == "-o" ? "report.json" : "report.html")).string());
    case platform::FileKind::special:
      // Replacing a device or FIFO (as root: /dev/null) is never what a report path means.
      throw UsageError("report path " + shown.string() +
                       " is a device, FIFO or socket, not a regular file, and is never replaced (not even with "
                       "--overwrite). Give a file path" +
                       with + (flag == "-o" ? "; use -f json to get the report on stdout." : "."));
    case platform::FileKind::regular:
    case platform::FileKind::missing:
      break;
  }
}

}  // namespace

std::filesystem::path default_report_path(const std::filesystem::path& model,
                                          std::chrono::system_clock::time_point when) {
  const std::tm tm = platform::local_time(when).fields;
  const std::string file = fmt::format("{:04}{:02}{:02}-{:02}{:02}{:02}.json", tm.tm_year + 1900, tm.tm_mon + 1,
                                       tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return cache_root() / "perf" / report_folder_for(model) / file;
}

std::string report_folder_for(const std::filesystem::path& model) {
  std::error_code ec;
  std::filesystem::path where = std::filesystem::absolute(model, ec).lexically_normal();
  std::filesystem::path resolved = std::filesystem::weakly_canonical(where, ec);
  if (!ec) where = resolved;
  if (!where.has_filename()) where = where.parent_path();  // "/models/bundle/" names the bundle
  return model_folder_name(where, 8);
}

std::string rfc3339_local(std::chrono::system_clock::time_point when) {
  const platform::LocalTime local = platform::local_time(when);
  const std::tm& tm = local.fields;
  const long offset_min = local.utc_offset_minutes;
  const long abs_min = offset_min < 0 ? -offset_min : offset_min;
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{}{:02}:{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                     tm.tm_hour, tm.tm_min, tm.tm_sec, offset_min < 0 ? '-' : '+', abs_min / 60, abs_min % 60);
}

void check_report_path(const std::filesystem::path& given, bool overwrite, std::string_view flag) {
  const std::filesystem::path path = platform::new_file_path(given);
  const std::string with = " with " + std::string(flag);
  refuse_unreplaceable(path, given, flag);
  if (!overwrite && is_link(path)) {
    // A link is replaced, never written through (docs/security.md, "Where files land").
    const bool dangling = platform::file_kind(path) == platform::FileKind::missing;
    throw UsageError("report path " + given.string() + " is a symbolic link" + (dangling ? " to nothing" : "") +
                     ": pass --overwrite to replace the link itself (the file it leads to is never written), "
                     "remove it, or choose another path" +
                     with);
  }
  if (!overwrite && platform::file_kind(path) == platform::FileKind::regular) {
    throw UsageError("report " + given.string() +
                     " already exists: pass --overwrite to replace it, or choose another path" + with);
  }
  check_report_folder(path, flag);
}

void write_report(const std::filesystem::path& given, std::string_view content, bool overwrite, std::string_view flag) {
  check_report_path(given, overwrite, flag);
  const std::filesystem::path path = platform::new_file_path(given);
  // Temporary files of reports whose writer was killed mid-write.
  if (path.has_parent_path()) platform::sweep_stale_temp_files(path.parent_path());
  // A link at the path is replaced, not followed, also one planted after the check.
  platform::write_file_atomically(path, content, overwrite);
}

std::filesystem::path write_finished_report(const std::filesystem::path& given, std::string_view content,
                                            bool overwrite, std::string_view flag) {
  const std::filesystem::path path = platform::new_file_path(given);
  bool taken = false;
  try {
    refuse_unreplaceable(path, given, flag);
  } catch (const UsageError&) {
    taken = true;  // something a report never replaces appeared there during the run
  }
  if (!taken) {
    if (path.has_parent_path()) platform::sweep_stale_temp_files(path.parent_path());
    try {
      platform::write_file_atomically(path, content, overwrite);
      return given;
    } catch (const UsageError&) {
      // Another program created the file during the run (no --overwrite): keep both.
    } catch (const Error&) {
      if (platform::file_kind(path) != platform::FileKind::directory) throw;  // a folder planted there
    }
  }
  // The first free <stem>-2<ext>, <stem>-3<ext>, ... beside it.
  return write_new_report(path, content);
}

std::filesystem::path write_new_report(const std::filesystem::path& path, std::string_view content) {
  constexpr int kMaxSuffix = 1000;
  if (path.has_parent_path()) platform::sweep_stale_temp_files(path.parent_path());
  for (int n = 1; n <= kMaxSuffix; ++n) {
    std::filesystem::path candidate =
        n == 1 ? path : path.parent_path() / fmt::format("{}-{}{}", path.stem().string(), n, path.extension().string());
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::symlink_status(candidate, ec))) continue;
    try {
      platform::write_file_atomically(candidate, content, /*overwrite=*/false);
      return candidate;
    } catch (const UsageError&) {
      // Another run took this name between the check and the write: try the next one.
    }
  }
  throw Error(ErrorCategory::runtime, fmt::format("cannot find a free report name next to {} ({} are taken). Remove "
                                                  "old reports from {} or choose a path with -o.",
                                                  path.string(), kMaxSuffix, path.parent_path().string()));
}

}  // namespace winml::storage
