// The portable half of temp_sweep.h: which names to look at. Deciding that a file is stale is in
// temp_sweep_posix.cpp and temp_sweep_win32.cpp.
#include <string>
#include <vector>

#include "platform/temp_file.h"
#include "platform/temp_sweep.h"
#include "platform/temp_sweep_check.h"
#include "platform/utf8_path.h"

namespace winml::platform {

std::size_t sweep_stale_temp_files(const std::filesystem::path& dir) {
  std::error_code ec;
  std::vector<std::filesystem::path> doomed;
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = utf8_string(it->path().filename());
    if (!is_temp_file_name(name)) continue;
    if (temp_sweep::is_stale(it->path(), temp_file_writer(name))) doomed.push_back(it->path());
  }
  std::size_t removed = 0;
  for (const auto& path : doomed) {
    if (temp_sweep::remove(path)) ++removed;
  }
  return removed;
}

}  // namespace winml::platform
