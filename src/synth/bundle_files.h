#pragma once
/// \file
/// File names inside a synthetic bundle folder.

#include <array>
#include <string_view>

namespace winml::synth::files {

inline constexpr std::string_view kGenaiConfig = "genai_config.json";          ///< GenAI's entry point
inline constexpr std::string_view kTokenizer = "tokenizer.json";               ///< byte-level BPE model
inline constexpr std::string_view kTokenizerConfig = "tokenizer_config.json";  ///< class, special tokens, template
inline constexpr std::string_view kModel = "model.onnx";                       ///< plain bundle: whole decoder
inline constexpr std::string_view kModelData = "model.onnx.data";              ///< its external weights, if any
inline constexpr std::string_view kEmbeddings = "embeddings.onnx";             ///< pipeline stage 1 (CPU)
inline constexpr std::string_view kEmbeddingsData = "embeddings.onnx.data";    ///< its external weights, if any
inline constexpr std::string_view kCtx = "ctx.onnx";                           ///< pipeline stage 2 (prompt only)
inline constexpr std::string_view kIter = "iter.onnx";                         ///< pipeline stage 3 (decode only)
/// External weights shared by ctx.onnx and iter.onnx (identical graphs), if any.
inline constexpr std::string_view kTransformerData = "transformer.onnx.data";
inline constexpr std::string_view kLmHead = "lm_head.onnx";           ///< pipeline stage 4 (CPU)
inline constexpr std::string_view kLmHeadData = "lm_head.onnx.data";  ///< its external weights, if any

/// Every name a synthetic bundle may contain; --overwrite removes exactly these.
inline constexpr std::array<std::string_view, 12> kAll = {
    kGenaiConfig, kTokenizer, kTokenizerConfig, kModel,  kModelData, kEmbeddings, kEmbeddingsData,
    kCtx,         kIter,      kTransformerData, kLmHead, kLmHeadData};

}  // namespace winml::synth::files
