#include "compile/compiled_folder_lock.h"

namespace winml::compile {

std::filesystem::path CompiledFolderLock::lock_file(const std::filesystem::path& dir) { return dir / ".lock"; }

CompiledFolderLock::CompiledFolderLock(const std::filesystem::path& dir, std::chrono::milliseconds wait,
                                       const Notify& on_wait)
    : dir_(dir), lock_(lock_file(dir), platform::LockMode::exclusive, wait, [&] {
        if (on_wait) on_wait("waiting for another winml run that is preparing " + dir.string());
      }) {}

}  // namespace winml::compile
