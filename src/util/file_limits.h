#pragma once
/// \file
/// The most bytes winml reads of each kind of file, in one place (docs/limits.md, "Files winml
/// reads", lists them with their reasons). Every file is read through platform::read_file_bounded,
/// which refuses anything but a regular file and a file past its bound before reading any of it.
/// Perf reports (report/perf_report_document.h, 256 MiB) and prompt files (apps/winml/
/// prompt_source.h, 16 MiB) keep their bounds beside their readers.

#include <cstdint>

namespace winml {

/// genai_config.json, tokenizer_config.json and the other small JSON files of a bundle: real ones
/// are a few KiB.
inline constexpr std::uint64_t kMaxConfigFileBytes = std::uint64_t{16} << 20;
/// A bundle's tokenizer.json: the largest released ones (250k-token vocabularies) are about 35 MB.
inline constexpr std::uint64_t kMaxTokenizerFileBytes = std::uint64_t{256} << 20;
/// chat_template.jinja: templates are a few KiB.
inline constexpr std::uint64_t kMaxChatTemplateBytes = std::uint64_t{16} << 20;
/// One input_N.pb or output_N.pb file: protobuf parses no message past 2 GiB.
inline constexpr std::uint64_t kMaxTensorFileBytes = std::uint64_t{2} << 30;
/// The compiled folder's markers (.complete.json, *.meta.json), which winml writes: a few KiB.
inline constexpr std::uint64_t kMaxMarkerFileBytes = std::uint64_t{16} << 20;
/// Chart.js, embedded in HTML reports: about 200 KiB.
inline constexpr std::uint64_t kMaxChartLibraryBytes = std::uint64_t{16} << 20;
/// The engine install's version file (a NuGet .nuspec): a few KiB.
inline constexpr std::uint64_t kMaxVersionFileBytes = std::uint64_t{1} << 20;

}  // namespace winml
