#include <windows.h>
// windows.h first: the headers below use its types.
#include <knownfolders.h>
#include <shlobj.h>

#include "platform/user_folders.h"

namespace winml::platform {

std::filesystem::path user_cache_folder() {
  // Local (not Roaming) AppData: caches are per machine and must not be copied to other machines
  // at logon. KF_FLAG_DONT_VERIFY: the folder need not exist yet; callers create what they need.
  wchar_t* folder = nullptr;
  std::filesystem::path result;
  if (::SHGetKnownFolderPath(FOLDERID_LocalAppData, KF_FLAG_DONT_VERIFY, nullptr, &folder) == S_OK) {
    result = std::filesystem::path(folder);
  }
  ::CoTaskMemFree(folder);
  return result;
}

}  // namespace winml::platform
