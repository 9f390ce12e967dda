#include "bundle/bundle_paths.h"

#include <string>

#include "winml/errors.h"

namespace winml::bundle {
namespace {

namespace fs = std::filesystem;

// Bundles hold tens of files; a folder with more entries than this is not walked further (the
// stage files and the tokenizer are still checked one by one).
constexpr int kMaxEntriesWalked = 100000;

// The repository folder of a Hugging Face hub snapshot holding `root` (its parent is
// `snapshots`), or empty.
fs::path hub_repository(const fs::path& root) {
  for (fs::path dir = root; dir.has_relative_path(); dir = dir.parent_path()) {
    if (dir.filename() == "snapshots") return dir.parent_path();
  }
  return {};
}

// True when a folder holding `target` (the filesystem root excepted) is a GenAI bundle.
bool inside_some_bundle(const fs::path& target) {
  std::error_code ec;
  for (fs::path dir = target.parent_path(); dir.has_relative_path(); dir = dir.parent_path()) {
    if (fs::is_regular_file(dir / "genai_config.json", ec)) return true;
  }
  return false;
}

// The resolved location of `path`; throws naming `what` when it cannot be resolved (a link loop).
fs::path resolved(const fs::path& path, const std::string& what) {
  std::error_code ec;
  fs::path result = fs::weakly_canonical(fs::absolute(path), ec);
  if (ec) {
    throw UsageError(what + " (" + path.string() + ") cannot be resolved: " + ec.message() +
                     ". Replace the link with the real file.");
  }
  return result;
}

void require_reachable(const fs::path& root, const fs::path& path, const std::string& what) {
  fs::path target = resolved(path, what);
  if (bundle_may_reach(root, target)) return;
  throw UsageError(what + " (" + path.string() + ") leads to " + target.string() + ", outside the bundle folder " +
                   root.string() +
                   ". A bundle may only use files inside itself (or inside another bundle it was derived "
                   "from); replace the link with a copy of the real file, or fix the name.");
}

}  // namespace

bool is_within(const fs::path& inner, const fs::path& outer) {
  fs::path relative = inner.lexically_relative(outer);
  return !relative.empty() && *relative.begin() != "..";
}

bool bundle_may_reach(const fs::path& root, const fs::path& target) {
  if (is_within(target, root)) return true;
  if (fs::path repo = hub_repository(root); !repo.empty() && is_within(target, repo / "blobs")) return true;
  return inside_some_bundle(target);
}

void require_contained_files(const GenaiConfig& config, const fs::path& tokenizer_dir) {
  fs::path root = resolved(config.bundle_dir, "the bundle folder");
  for (const auto& stage : config.stages) {
    require_reachable(root, config.stage_path(stage), "stage '" + stage.name + "' file " + stage.filename);
  }
  require_reachable(root, tokenizer_dir, "the tokenizer folder");
  std::error_code ec;
  fs::recursive_directory_iterator it(config.bundle_dir, fs::directory_options::skip_permission_denied, ec);
  int walked = 0;
  for (; !ec && it != fs::recursive_directory_iterator() && walked < kMaxEntriesWalked; it.increment(ec), ++walked) {
    if (it.depth() == 0 && it->path().filename() == "_compiled") {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_symlink(ec)) {
      fs::path relative = it->path().lexically_relative(config.bundle_dir);
      require_reachable(root, it->path(), "bundle entry " + relative.string());
    }
    // A FIFO would block whoever reads it (winml, GenAI, ONNX Runtime), a device never end.
    const fs::file_type type = it->status(ec).type();
    if (type == fs::file_type::fifo || type == fs::file_type::socket || type == fs::file_type::block ||
        type == fs::file_type::character) {
      throw UsageError("bundle entry " + it->path().lexically_relative(config.bundle_dir).string() +
                       " is a device, FIFO or socket, not a regular file. A bundle holds only files and "
                       "folders: replace it with the real file.");
    }
  }
}

}  // namespace winml::bundle
