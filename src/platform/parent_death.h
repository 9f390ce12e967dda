#pragma once
/// \file
/// Lets a helper process die with its parent. A compile worker whose parent was killed must not
/// keep the accelerator busy for minutes, nor write files nobody will read.

namespace winml::platform {

/// Asks the kernel to SIGKILL this process when the thread that spawned it ends, and exits at
/// once (status 1) if the parent is already gone. Call first thing in main().
void die_with_parent();

}  // namespace winml::platform
