#include "report/report_file.h"

#include <time.h>

#include <fmt/format.h>

#include "platform/atomic_file.h"
#include "util/cache_root.h"
#include "winml/errors.h"

namespace winml::report {
namespace {

std::tm local_tm(std::chrono::system_clock::time_point when) {
  const std::time_t t = std::chrono::system_clock::to_time_t(when);
  std::tm tm{};
  ::localtime_r(&t, &tm);
  return tm;
}

}  // namespace

std::string report_name_for(const std::filesystem::path& model) {
  std::filesystem::path p = model.lexically_normal();
  if (!p.has_filename()) p = p.parent_path();  // "bundle/" normalises to "bundle/" with no filename
  std::string name = p.extension() == ".onnx" ? p.stem().string() : p.filename().string();
  if (name.empty() || name == "." || name == "..") return "model";
  return name;
}

std::filesystem::path default_report_path(const std::filesystem::path& model,
                                          std::chrono::system_clock::time_point when) {
  const std::tm tm = local_tm(when);
  const std::string file = fmt::format("{:04}{:02}{:02}-{:02}{:02}{:02}.json", tm.tm_year + 1900, tm.tm_mon + 1,
                                       tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return cache_root() / "perf" / report_name_for(model) / file;
}

std::string rfc3339_local(std::chrono::system_clock::time_point when) {
  const std::tm tm = local_tm(when);
  const long offset_min = tm.tm_gmtoff / 60;
  const long abs_min = offset_min < 0 ? -offset_min : offset_min;
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{}{:02}:{:02}", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                     tm.tm_hour, tm.tm_min, tm.tm_sec, offset_min < 0 ? '-' : '+', abs_min / 60, abs_min % 60);
}

void check_report_path(const std::filesystem::path& path, bool overwrite) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) {
    throw UsageError("report path " + path.string() + " is a folder: give a file name with -o, e.g. -o " +
                     (path / "report.json").string());
  }
  if (std::filesystem::exists(status) && !overwrite) {
    throw UsageError("report " + path.string() +
                     " already exists: pass --overwrite to replace it, or choose another path with -o");
  }
}

void write_report(const std::filesystem::path& path, std::string_view content, bool overwrite) {
  check_report_path(path, overwrite);
  platform::write_file_atomically(path, content, overwrite);
}

}  // namespace winml::report
