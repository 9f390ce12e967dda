#pragma once
/// \file
/// The state of a whole output folder (`_compiled/`). Its completion marker (`.complete.json`)
/// is written last, after every artifact and the caller's derived bundle, and records what the
/// folder was prepared for (a fingerprint) and each stage's outcome. A folder whose marker is
/// missing or records another fingerprint is rebuilt: leftovers of interrupted runs are purged and
/// every stage is checked again; only artifacts with a complete, matching marker survive.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "compile/compile_result.h"

namespace winml::compile {

/// `<dir>/.complete.json`.
std::filesystem::path completion_marker_path(const std::filesystem::path& dir);

/// The stages recorded by the completion marker when it matches `fingerprint` and every artifact
/// it names still has the complete artifact marker (same key) it had when the folder was marked,
/// with unchanged files; compiled stages come back as reused. nullopt otherwise: the folder must
/// be rebuilt.
std::optional<std::vector<StageResult>> read_prepared(const std::filesystem::path& dir, const std::string& fingerprint);

/// read_prepared(dir, fingerprint).has_value().
bool is_prepared(const std::filesystem::path& dir, const std::string& fingerprint);

/// Writes the completion marker atomically, unless a stage fell back (a folder with a fallback is
/// left unmarked so that the next run tries that compile again) or a stage's artifact has no
/// complete marker. Returns whether it was written.
bool mark_prepared(const std::filesystem::path& dir, const std::string& fingerprint,
                   const std::vector<StageResult>& stages);

/// Removes the completion marker; call before changing anything in the folder.
void clear_prepared(const std::filesystem::path& dir);

/// Deletes what interrupted runs left in `dir`: staging folders, temporary files of atomic writes,
/// and every artifact whose winml marker is pending or whose files changed (with those files).
/// Leaves alone what winml did not write (a derived bundle's links, foreign files) and the lock
/// file. The caller holds the folder's CompiledFolderLock.
void purge_untrusted(const std::filesystem::path& dir);

}  // namespace winml::compile
