#include "perf/profile_folder.h"

#include <algorithm>
#include <system_error>

#include "platform/directory_listing.h"
#include "winml/errors.h"

namespace winml::perf {
namespace {

// ORT names a profile <prefix>_<timestamp>.json, the timestamp digits, '-' and '_'.
bool is_profile_of(const std::string& file, const std::string& prefix) {
  const std::string head = prefix + "_";
  if (!file.starts_with(head) || !file.ends_with(".json")) return false;
  const std::string rest = file.substr(head.size(), file.size() - head.size() - 5);
  return !rest.empty() &&
         std::all_of(rest.begin(), rest.end(), [](char c) { return (c >= '0' && c <= '9') || c == '-' || c == '_'; });
}

}  // namespace

std::filesystem::path profile_folder(const std::filesystem::path& report_path) {
  std::filesystem::path folder = report_path;
  return folder.replace_extension(".profile");
}

void require_profile_folder(const std::filesystem::path& report_path, bool overwrite) {
  const std::filesystem::path folder = profile_folder(report_path);
  std::error_code ec;
  if (!overwrite && std::filesystem::exists(folder, ec)) {
    throw UsageError("--profile: " + folder.string() +
                     " exists (the profiles of an earlier report); pass --overwrite to replace it, or give -o "
                     "another report path.");
  }
}

std::filesystem::path fresh_profile_dir(const std::filesystem::path& dir) {
  std::error_code ec;
  const std::filesystem::path folder = std::filesystem::absolute(dir, ec);
  platform::remove_tree(folder);
  std::filesystem::create_directories(folder, ec);
  if (ec) {
    throw Error(ErrorCategory::runtime, "--profile: cannot create " + folder.string() + " for the profiles (" +
                                            ec.message() + "); give -o a folder you can write.");
  }
  return folder;
}

std::vector<std::filesystem::path> profiles_of(const std::filesystem::path& dir, const std::string& prefix) {
  std::vector<std::filesystem::path> out;
  for (const platform::ListedEntry& entry : platform::list_directory(dir)) {
    if (entry.is_regular && is_profile_of(entry.path.filename().string(), prefix)) out.push_back(entry.path);
  }
  return out;
}

}  // namespace winml::perf
