#include "synth/bundle_writer.h"

#include <fmt/format.h>

#include <functional>

#include "platform/atomic_file.h"
#include "platform/temp_sweep.h"
#include "synth/bpe_vocab.h"
#include "synth/bundle_files.h"
#include "synth/genai_config_file.h"
#include "synth/model_graphs.h"
#include "synth/onnx_file.h"
#include "synth/tokenizer_files.h"
#include "winml/errors.h"

namespace winml::synth {
namespace {

namespace fs = std::filesystem;

using GraphFn = std::function<onnx::GraphProto(const SynthOptions&, const RandomWeights&, TensorStore&)>;

void prepare_directory(const fs::path& dir, bool overwrite) {
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    throw UsageError(fmt::format("{} exists and is not a folder: give -o a folder path.", dir.string()));
  }
  // What an interrupted or killed earlier run left (its temporary files) does not make the folder
  // non-empty: rerunning the same command must work.
  if (fs::is_directory(dir, ec)) platform::sweep_stale_temp_files(dir);
  if (fs::is_directory(dir, ec) && !fs::is_empty(dir, ec)) {
    if (!overwrite) {
      throw UsageError(
          fmt::format("{} is not empty: pass --overwrite to replace the bundle in it, or give -o a new "
                      "or empty folder.",
                      dir.string()));
    }
    // genai_config.json goes first: while the rest is rewritten the folder is not a loadable bundle.
    for (auto name : files::kAll) fs::remove(dir / name, ec);
  }
  // `out/x/../b` must not leave an empty `out/x` behind.
  fs::create_directories(platform::new_file_path(dir), ec);
  if (ec) {
    throw Error(ErrorCategory::runtime,
                fmt::format("cannot create {}: {}. Check the path and its permissions.", dir.string(), ec.message()));
  }
}

class Writer {
 public:
  Writer(const SynthOptions& options, fs::path dir, const SynthProgress& progress)
      : options_(options),
        dir_(std::move(dir)),
        weights_(options.seed),
        external_(weight_bytes(options) > kExternalDataThreshold),
        progress_(progress),
        weight_bytes_total_(weight_bytes(options)) {}

  // Builds one graph and writes it under each of `names` (ctx and iter share one graph).
  void model(const GraphFn& build, std::string_view data_file, std::initializer_list<std::string_view> names) {
    auto store =
        external_ ? std::make_unique<TensorStore>(dir_, std::string(data_file)) : std::make_unique<TensorStore>();
    // Weights go to the data file, or into the graph and so its first .onnx file.
    const std::string weights_file(external_ ? data_file : *names.begin());
    tell(SynthStep::weights, weights_file);
    if (progress_) {
      store->observe([this, weights_file](std::size_t bytes) {
        weight_bytes_done_ += bytes;
        tell(SynthStep::weights, weights_file);
      });
    }
    onnx::ModelProto proto = make_model(build(options_, weights_, *store));
    // The weights are on disk before any graph that points at them.
    store->commit();
    if (store->external()) written_.emplace_back(data_file);
    for (auto name : names) {
      tell(SynthStep::save, std::string(name));
      save_model(proto, dir_ / name);
      tell(SynthStep::check, std::string(name));
      check_model_file(dir_ / name);
      written_.emplace_back(name);
    }
  }

  void text(std::string_view name, const std::string& content) {
    tell(SynthStep::text, std::string(name));
    platform::write_file_atomically(dir_ / name, content);
    written_.emplace_back(name);
  }

  SynthResult result() const {
    SynthResult r{dir_, written_, parameter_count(options_), 0};
    for (const auto& name : written_) r.bytes_on_disk += fs::file_size(dir_ / name);
    return r;
  }

 private:
  const SynthOptions& options_;
  fs::path dir_;
  RandomWeights weights_;
  bool external_;
  const SynthProgress& progress_;
  std::uint64_t weight_bytes_total_;
  std::uint64_t weight_bytes_done_ = 0;
  std::vector<std::string> written_;

  void tell(SynthStep step, const std::string& file) const {
    if (progress_) progress_({step, file, weight_bytes_done_, weight_bytes_total_});
  }
};

}  // namespace

SynthResult write_bundle(const SynthOptions& options, const fs::path& out_dir, bool overwrite,
                         const SynthProgress& progress) {
  validate(options);
  prepare_directory(out_dir, overwrite);
  Writer writer(options, out_dir, progress);
  if (options.pipeline) {
    writer.model(embeddings_graph, files::kEmbeddingsData, {files::kEmbeddings});
    writer.model(transformer_graph, files::kTransformerData, {files::kCtx, files::kIter});
    writer.model(lm_head_graph, files::kLmHeadData, {files::kLmHead});
  } else {
    writer.model(decoder_graph, files::kModelData, {files::kModel});
  }
  const BpeVocab vocab = make_bpe_vocab(options.vocab_size);
  writer.text(files::kTokenizer, tokenizer_json(vocab));
  writer.text(files::kTokenizerConfig, tokenizer_config_json(vocab, options.context_length, options.chat_template));
  writer.text(files::kGenaiConfig, genai_config_json(options, vocab));
  return writer.result();
}

}  // namespace winml::synth
