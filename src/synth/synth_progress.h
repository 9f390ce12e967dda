#pragma once
/// \file
/// What write_bundle tells its caller while it writes: a large bundle (the bench preset writes
/// 1.9 GB) takes long enough that the console should show where it is. Needs no ONNX library, so
/// the CLI can format it without loading the protobuf plugin's headers.

#include <cstdint>
#include <functional>
#include <string>

namespace winml::synth {

/// What write_bundle is doing.
enum class SynthStep {
  weights,  ///< generating a graph's weights (into its external data file, or into the graph)
  save,     ///< serializing and writing a .onnx file
  check,    ///< running the ONNX checker on a written .onnx file
  text,     ///< writing a tokenizer or config file
};

/// One step begun, or more weights written.
struct SynthProgressEvent {
  SynthStep step = SynthStep::weights;
  std::string file;                      ///< the file the step writes or checks
  std::uint64_t weight_bytes_done = 0;   ///< weight bytes generated so far, over the whole bundle
  std::uint64_t weight_bytes_total = 0;  ///< weight_bytes(options): what the bundle will hold
};

/// Called as each step begins and after each weight tensor; may be empty.
using SynthProgress = std::function<void(const SynthProgressEvent&)>;

}  // namespace winml::synth
