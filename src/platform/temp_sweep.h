#pragma once
/// \file
/// Removes temporary files that interrupted or killed runs left behind (see temp_file.h).

#include <cstddef>
#include <filesystem>

namespace winml::platform {

/// Deletes, in `dir` only (not below it), every regular file with a winml temporary name whose
/// writer is gone: nobody holds the file's lock (the kernel drops it when its holder dies, even
/// on SIGKILL) and either the pid in its name is no running process or the file is older than a
/// minute. The age rule covers a writer in another pid namespace, or a dead writer whose pid was
/// reused; the pid rule lets a file killed a moment ago go at once. A live writer's file is
/// unlocked only for the instant between its creation and its lock, when it is neither old nor
/// of a dead pid. Names of older winml versions (no pid) are deleted when unlocked and older
/// than a minute. Never throws; returns how many files were deleted.
std::size_t sweep_stale_temp_files(const std::filesystem::path& dir);

}  // namespace winml::platform
