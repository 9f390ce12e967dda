#include "engine/impl/genai_model.h"

#include <ort_genai.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "engine/impl/error_translation.h"
#include "engine/impl/genai_serving.h"
#include "engine/impl/load_errors.h"
#include "engine/impl/ort_environment.h"
#include "platform/read_file.h"
#include "util/file_limits.h"

namespace winml::engine::impl {
namespace {

class OgaGeneratorAdapter final : public Generator {
 public:
  explicit OgaGeneratorAdapter(std::unique_ptr<OgaGenerator> generator) : generator_(std::move(generator)) {}

  void append_tokens(const std::int32_t* ids, std::size_t count) override {
    translate_errors<SessionError>("GenAI prefill (AppendTokens) failed",
                                   [&] { generator_->AppendTokens(ids, count); });
  }
  void generate_next_token() override {
    translate_errors<SessionError>("GenAI GenerateNextToken failed", [&] { generator_->GenerateNextToken(); });
  }
  std::int32_t last_token() override {
    return translate_errors<SessionError>("GenAI GetNextTokens failed", [&] {
      auto tokens = generator_->GetNextTokens();
      if (tokens.empty()) throw SessionError("GenAI returned no token");
      return tokens[0];
    });
  }
  bool is_done() override { return generator_->IsDone(); }
  std::vector<float> last_logits() override {
    return translate_errors<SessionError>("GenAI GetLogits failed", [&] {
      auto tensor = generator_->GetLogits();
      if (tensor->Type() != OgaElementType_float32) throw SessionError("GenAI returned logits that are not float32");
      std::size_t count = 1;
      for (const std::int64_t dim : tensor->Shape()) count *= static_cast<std::size_t>(dim);
      const auto* data = static_cast<const float*>(tensor->Data());
      return std::vector<float>(data, data + count);
    });
  }

 private:
  std::unique_ptr<OgaGenerator> generator_;
};

class OgaTokenStreamAdapter final : public TokenStream {
 public:
  explicit OgaTokenStreamAdapter(std::unique_ptr<OgaTokenizerStream> stream) : stream_(std::move(stream)) {}
  std::string decode(std::int32_t token) override {
    return translate_errors<SessionError>("GenAI detokenisation failed", [&] {
      const char* piece = stream_->Decode(token);
      return std::string(piece == nullptr ? "" : piece);
    });
  }

 private:
  std::unique_ptr<OgaTokenizerStream> stream_;
};

// Why the bundle's tokenizer.json does not parse as JSON, "" when it does (or is absent: GenAI's
// own message then says what it missed).
std::string tokenizer_json_error(const std::string& bundle_dir) {
  const auto read =
      platform::read_file_bounded(std::filesystem::path(bundle_dir) / "tokenizer.json", kMaxTokenizerFileBytes);
  if (read.problem == platform::ReadProblem::missing) return "";
  if (read.problem != platform::ReadProblem::none)
    return platform::read_problem_text("tokenizer.json", read, kMaxTokenizerFileBytes, "tokenizer.json");
  try {
    const auto parsed = nlohmann::json::parse(read.bytes);
    return parsed.is_object() ? "" : "the top level is not a JSON object";
  } catch (const nlohmann::json::exception& e) {
    return e.what();
  }
}

class OgaModelAdapter final : public GenaiModel {
 public:
  OgaModelAdapter(std::string bundle_dir, std::unique_ptr<OgaModel> model)
      : bundle_dir_(std::move(bundle_dir)), model_(std::move(model)) {}
  // The tokenizer references the model: destroy it first.
  ~OgaModelAdapter() override {
    tokenizer_.reset();
    model_.reset();
  }

  std::vector<std::int32_t> encode(const std::string& text) override {
    return translate_errors<SessionError>("GenAI tokenisation failed", [&] {
      auto sequences = OgaSequences::Create();
      tokenizer().Encode(text.c_str(), *sequences);
      const std::int32_t* data = sequences->SequenceData(0);
      return std::vector<std::int32_t>(data, data + sequences->SequenceCount(0));
    });
  }

  std::string decode(const std::vector<std::int32_t>& ids) override {
    return translate_errors<SessionError>("GenAI detokenisation failed", [&] {
      OgaString text = tokenizer().Decode(ids.data(), ids.size());
      return std::string(static_cast<const char*>(text));
    });
  }

  std::string apply_chat_template(const std::string& template_str, const std::string& messages_json) override {
    try {
      OgaString text = tokenizer().ApplyChatTemplate(template_str.empty() ? nullptr : template_str.c_str(),
                                                     messages_json.c_str(), nullptr, true);
      return std::string(static_cast<const char*>(text));
    } catch (const winml::Error&) {
      throw;
    } catch (const std::exception& e) {
      throw SessionError(explain_chat_template_failure(bundle_dir_, e.what()));
    }
  }

  std::unique_ptr<TokenStream> create_token_stream() override {
    return translate_errors<SessionError>("GenAI could not create a tokenizer stream", [&] {
      return std::unique_ptr<TokenStream>(
          std::make_unique<OgaTokenStreamAdapter>(OgaTokenizerStream::Create(tokenizer())));
    });
  }

  std::unique_ptr<Generator> create_generator(const SearchSettings& s) override {
    return translate_errors<SessionError>("GenAI could not create a generator", [&] {
      auto params = OgaGeneratorParams::Create(*model_);
      params->SetSearchOption("max_length", s.max_length);
      if (s.min_length > 0) params->SetSearchOption("min_length", s.min_length);
      params->SetSearchOptionBool("do_sample", s.do_sample);
      if (s.do_sample) {
        params->SetSearchOption("temperature", s.temperature);
        params->SetSearchOption("top_p", s.top_p);
        params->SetSearchOption("top_k", s.top_k);
      } else {
        // GenAI's config may set top_k/top_p; greedy must not depend on them.
        params->SetSearchOption("top_k", 1);
      }
      params->SetSearchOption("repetition_penalty", s.repetition_penalty);
      if (s.seed) params->SetSearchOption("random_seed", static_cast<double>(*s.seed));
      return std::unique_ptr<Generator>(std::make_unique<OgaGeneratorAdapter>(OgaGenerator::Create(*model_, *params)));
    });
  }

  std::vector<std::int32_t> eos_token_ids() override {
    return translate_errors<SessionError>("GenAI could not read EOS ids", [&] {
      auto ids = tokenizer().GetEosTokenIds();
      return std::vector<std::int32_t>(ids.begin(), ids.end());
    });
  }

  std::string device_type() override {
    return translate_errors<SessionError>("GenAI could not report its device", [&] {
      OgaString type = model_->GetDeviceType();
      return std::string(static_cast<const char*>(type));
    });
  }

  std::unique_ptr<ServingEngine> create_serving_engine() override { return impl::create_serving_engine(*model_); }

  void load_tokenizer() override {
    if (tokenizer_) return;
    try {
      tokenizer_ = OgaTokenizer::Create(*model_);
    } catch (const winml::Error&) {
      throw;
    } catch (const std::exception& e) {
      throw GenaiLoadError(explain_tokenizer_load_failure(bundle_dir_, e.what(), tokenizer_json_error(bundle_dir_)));
    }
  }

 private:
  OgaTokenizer& tokenizer() {
    load_tokenizer();
    return *tokenizer_;
  }

  std::string bundle_dir_;
  std::unique_ptr<OgaModel> model_;
  std::unique_ptr<OgaTokenizer> tokenizer_;
};

}  // namespace

std::unique_ptr<GenaiModel> load_genai_model(const std::string& bundle_dir,
                                             const std::function<std::vector<std::string>()>& available_eps) {
  // GenAI shares an existing ONNX Runtime environment: make it ours, with our logger.
  ort_env();
  std::unique_ptr<OgaModel> model;
  try {
    model = OgaModel::Create(bundle_dir.c_str());
  } catch (const winml::Error&) {
    throw;
  } catch (const std::exception& e) {
    throw GenaiLoadError(explain_model_load_failure(bundle_dir, e.what(), available_eps));
  }
  return std::make_unique<OgaModelAdapter>(bundle_dir, std::move(model));
}

}  // namespace winml::engine::impl
