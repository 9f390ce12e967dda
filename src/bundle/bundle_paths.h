#pragma once
/// \file
/// Where the files of a bundle may lie. One rule covers both ways a bundle could reach outside its
/// folder, `..` in a name and symbolic links: every name is relative without `..` (checked by
/// resolve_bundle_path), and every file the bundle names or holds, resolved with its links
/// followed, must lie
///   1. inside the bundle's own folder (resolved), or
///   2. inside another GenAI bundle: a folder holding genai_config.json that contains the target
///      (a derived bundle from `winml bundle derive` or `_compiled/` links to its source), or
///   3. for a bundle inside a Hugging Face hub snapshot (`.../snapshots/<rev>/...`), inside that
///      repository's `blobs/` store, where the hub keeps the real files.
/// Anything else (a link to ~/.ssh/id_rsa, /etc/passwd, a device) is refused before loading.

#include <filesystem>

#include "bundle/genai_config.h"

namespace winml::bundle {

/// True when `inner` is `outer` or lies below it (both already canonical).
bool is_within(const std::filesystem::path& inner, const std::filesystem::path& outer);

/// True when a bundle whose resolved folder is `root` may use the file resolved to `target`
/// (both canonical), under the rule above.
bool bundle_may_reach(const std::filesystem::path& root, const std::filesystem::path& target);

/// Applies the rule to every stage file, to the tokenizer folder and to every symbolic link under
/// the bundle folder (ONNX external-data files and tokenizer files are read without being named in
/// the config); the `_compiled` folder winml writes is left to its own check when it is loaded.
/// Throws UsageError naming the stage key or the entry, where it leads, and the fix.
void require_contained_files(const GenaiConfig& config, const std::filesystem::path& tokenizer_dir);

}  // namespace winml::bundle
