#pragma once
/// \file
/// The graph outputs a random operator draws: their values differ from run to run and from one
/// runtime to another, so --validate compares only their shape and element type
/// (docs/metrics.md, "Output validation").

#include <filesystem>
#include <map>
#include <string>

#include "roofline/onnx_graph_facts.h"

namespace winml::perf {

/// Graph output name -> the operator that draws it.
using RandomOutputs = std::map<std::string, std::string>;

/// The main graph's outputs computed from what Bernoulli, Multinomial, RandomNormal,
/// RandomNormalLike, RandomUniform, RandomUniformLike, or Dropout given a training_mode input
/// draws (its value is not read, so true or unknown: both of Dropout's outputs are then random),
/// directly or through other nodes (not through Shape or Size).
RandomOutputs random_outputs(const roofline::OnnxGraphFacts& facts);

/// random_outputs() of the ONNX file at `model`. Throws winml::Error (runtime) naming the file
/// when its graph cannot be read.
RandomOutputs read_random_outputs(const std::filesystem::path& model);

}  // namespace winml::perf
