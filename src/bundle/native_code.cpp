#include "bundle/native_code.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "bundle/session_option_walk.h"
#include "util/ascii_case.h"
#include "winml/errors.h"

namespace winml::bundle {
namespace {

namespace fs = std::filesystem;

bool exists_in(const fs::path& folder, const std::string& name) {
  if (folder.empty()) return false;
  std::error_code ec;
  return fs::exists(fs::symlink_status(folder / name, ec));
}

// A bare library name is looked up by the system loader (system and ONNX Runtime folders), so it
// cannot bring code with the bundle, unless some loader resolves it against the bundle folder
// or the working directory first: a file of that name there makes it count as bundle code.
bool is_system_library_name(const std::string& value, const fs::path& bundle_dir, const fs::path& working_dir) {
  if (value.find('/') != std::string::npos || value.find('\\') != std::string::npos) return false;
  if (value == "." || value == "..") return false;
  return !exists_in(bundle_dir, value) && !exists_in(working_dir, value);
}

}  // namespace

LibraryOptionKind library_option_kind(std::string_view key) {
  std::string name = to_lower(key);
  // Provider options whose documented meaning is "open this backend library" (ONNX Runtime's
  // QNN EP); the default values are bare names such as libQnnHtp.so.
  static constexpr std::array<std::string_view, 3> kSystemNames = {"backend_path", "qnn_ir_backend_path",
                                                                   "qnn_saver_path"};
  if (std::find(kSystemNames.begin(), kSystemNames.end(), name) != kSystemNames.end()) {
    return LibraryOptionKind::system_name;
  }
  // By word, so that options we do not know are caught too: GenAI's custom_ops_library, QNN's
  // op_packages, TensorRT's trt_extra_plugin_lib_paths and trt_engine_decryption_lib_path.
  static constexpr std::array<std::string_view, 4> kAlways = {"librar", "lib_path", "plugin", "op_package"};
  for (std::string_view word : kAlways) {
    if (name.find(word) != std::string::npos) return LibraryOptionKind::always;
  }
  return LibraryOptionKind::none;
}

std::vector<NativeCodeOption> find_native_code_options(const ConfigJson& config, const fs::path& bundle_dir,
                                                       const fs::path& working_dir) {
  std::vector<NativeCodeOption> found;
  for_each_session_option(config, [&](const std::string& key, const ConfigJson& value, const std::string& where) {
    LibraryOptionKind kind = library_option_kind(key);
    if (kind == LibraryOptionKind::none) return;
    std::string text = value.is_string() ? value.get<std::string>() : value.dump();
    // An empty library name is not "no library": GenAI resolves custom_ops_library against the
    // bundle folder and hands the folder itself to the loader. Only a backend path may be empty
    // (the provider then loads its own default, by bare name).
    if (text.empty() && kind == LibraryOptionKind::system_name) return;
    if (kind == LibraryOptionKind::system_name && value.is_string() &&
        is_system_library_name(text, bundle_dir, working_dir)) {
      return;
    }
    found.push_back({where, text});
  });
  return found;
}

void require_no_native_code(const GenaiConfig& config, bool allow) {
  if (allow) return;
  std::error_code ec;
  fs::path working_dir = fs::current_path(ec);
  refuse_options(config, find_native_code_options(config.json, config.bundle_dir, working_dir),
                 "would make ONNX Runtime load a native library, running code that comes with the bundle. winml "
                 "refuses this by default. If you trust the bundle, pass --allow-custom-ops; otherwise remove the "
                 "option from genai_config.json (a backend library may be named by its bare file name, e.g. "
                 "\"libQnnHtp.so\", which the system loader finds).");
}

}  // namespace winml::bundle
