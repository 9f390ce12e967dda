#include "platform/atomic_file.h"

#include "platform/temp_file.h"
#include "platform/utf8_path.h"
#include "winml/errors.h"

namespace winml::platform {

void write_file_atomically(const std::filesystem::path& path, std::string_view content, bool overwrite) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  // Deleted by its destructor on any failure below, and by the interrupt handler on Ctrl-C.
  TempFile tmp(path);
  tmp.write(content);
  if (!tmp.commit(overwrite)) {
    throw UsageError(utf8_string(path) + " already exists. Pass --overwrite to replace it, or choose another path.");
  }
}

}  // namespace winml::platform
