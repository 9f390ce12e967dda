#pragma once
/// \file
/// The built-in text the synthetic tokenizer learns its first merges from.

#include <string_view>

namespace winml::synth {

/// A few kilobytes of plain English, fixed forever: changing it changes every synthetic tokenizer.
std::string_view bpe_training_text();

}  // namespace winml::synth
