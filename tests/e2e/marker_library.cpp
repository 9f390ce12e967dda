// A shared library whose only effect is to prove it was loaded: its constructor creates the file
// named by WINML_TEST_MARKER. A bundle ships it to check that winml never opens bundle code
// without --allow-custom-ops.

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

namespace {

__attribute__((constructor)) void mark_loaded() {
  const char* path = std::getenv("WINML_TEST_MARKER");
  if (path == nullptr) return;
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) ::close(fd);
}

}  // namespace
