#include "ep/plugin_probe.h"

#include <system_error>

#include "platform/atomic_file.h"
#include "platform/subprocess.h"
#include "platform/utf8_path.h"
#include "storage/digest.h"
#include "winml/errors.h"

namespace winml::ep {
namespace {

namespace fs = std::filesystem;

std::string absolute_path(const std::string& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(platform::utf8_path(path), ec);
  return ec ? path : platform::utf8_string(absolute);
}

fs::path memo_file(const PluginProbe& probe, const PluginLibrary& library) {
  return probe.memo_dir / (storage::digest(plugin_library_identity(library)) + ".passed");
}

}  // namespace

std::string plugin_library_identity(const PluginLibrary& library) {
  const std::string path = absolute_path(library.path);
  std::error_code ec;
  const auto size = fs::file_size(platform::utf8_path(path), ec);
  const auto modified = fs::last_write_time(platform::utf8_path(path), ec).time_since_epoch().count();
  return library.name + "=" + path + "@" + std::to_string(ec ? 0 : size) + ":" + std::to_string(modified);
}

void probe_plugin_libraries(const std::vector<PluginLibrary>& libraries, const PluginProbe& probe) {
  if (probe.worker_command.empty()) return;
  for (const PluginLibrary& library : libraries) {
    const fs::path memo = memo_file(probe, library);
    std::error_code ec;
    if (fs::exists(memo, ec)) continue;
    const std::string named = library.name + "=" + absolute_path(library.path);
    platform::ProcessOptions options;
    options.argv = probe.worker_command;
    options.argv.push_back(kProbeEpLibraryFlag);
    options.argv.push_back(named);
    options.timeout = probe.timeout;
    const platform::ProcessResult result = platform::run_process(options);
    if (result.status == platform::ExitStatus::signaled || result.status == platform::ExitStatus::timed_out) {
      const bool hung = result.status == platform::ExitStatus::timed_out;
      throw SessionError("the EP library " + named + " (from " + library.source + ") " +
                         (hung ? "hung" : "crashed the process") +
                         " while being registered with ONNX Runtime (a probe " + "process that registered it " +
                         platform::describe(result) +
                         "), so winml did not load it. Fix or remove it, or ask its vendor for a build that matches " +
                         "this ONNX Runtime.");
    }
    if (result.status != platform::ExitStatus::success) continue;
    try {
      platform::write_file_atomically(memo, "");
    } catch (const Error&) {
      // An unwritable cache costs a probe per run, nothing else.
    }
  }
}

}  // namespace winml::ep
