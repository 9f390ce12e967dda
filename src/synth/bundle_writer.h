#pragma once
/// \file
/// Writes a random-weight Llama-style GenAI bundle: ONNX graph(s), tokenizer files and
/// genai_config.json. Used by `winml bundle synth` and by tests that need a real bundle.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "synth/synth_options.h"
#include "synth/synth_progress.h"

namespace winml::synth {

/// Total weight bytes above which large initializers go to external `.data` files; smaller
/// bundles keep each graph in a single .onnx file. Far below protobuf's 2 GB message limit.
inline constexpr std::uint64_t kExternalDataThreshold = 128ull << 20;

/// What write_bundle produced.
struct SynthResult {
  std::filesystem::path directory;    ///< the bundle folder
  std::vector<std::string> files;     ///< file names written, genai_config.json last
  std::uint64_t parameter_count = 0;  ///< parameter_count(options)
  std::uint64_t bytes_on_disk = 0;    ///< total size of `files`
};

/// Writes the bundle described by `options` into `out_dir`, creating it if needed. Every file is
/// written atomically and every graph passes the ONNX checker; genai_config.json comes last, so
/// an interrupted run never leaves a folder that looks loadable.
/// Throws UsageError for invalid options, for `out_dir` being a file, or for a non-empty `out_dir`
/// unless `overwrite` (which first removes the file names a synthetic bundle uses, and nothing
/// else). Throws winml::Error (runtime) when writing fails. `progress`, when set, is told each step
/// and each weight tensor written (synth_progress.h).
SynthResult write_bundle(const SynthOptions& options, const std::filesystem::path& out_dir, bool overwrite = false,
                         const SynthProgress& progress = {});

}  // namespace winml::synth
