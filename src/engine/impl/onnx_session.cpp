#include "engine/impl/onnx_session.h"

#include <optional>
#include <string>
#include <vector>

#include "engine/impl/error_translation.h"
#include "engine/impl/load_errors.h"
#include "engine/impl/ort_environment.h"
#include "engine/impl/ort_path.h"
#include "engine/impl/ort_values.h"

namespace winml::engine::impl {
namespace {

// The engine values of one data set: the fed inputs (an optional holding None is left out) and
// their names, which point into the bound host values.
struct BoundSet {
  std::vector<Ort::Value> values;
  std::vector<const char*> names;
};

class OrtOnnxSession final : public OnnxSession {
 public:
  explicit OrtOnnxSession(const SessionSpec& spec)
      : session_(ort_env(), ort_path(spec.model_path).c_str(),
                 make_session_options(spec.providers, spec.intra_op_threads)) {
    Ort::AllocatorWithDefaultOptions allocator;
    for (std::size_t i = 0; i < session_.GetInputCount(); ++i) {
      inputs_.push_back(
          describe(session_.GetInputNameAllocated(i, allocator).get(), session_.GetInputTypeInfo(i).GetConst()));
    }
    for (std::size_t i = 0; i < session_.GetOutputCount(); ++i) {
      outputs_.push_back(
          describe(session_.GetOutputNameAllocated(i, allocator).get(), session_.GetOutputTypeInfo(i).GetConst()));
    }
    for (const auto& output : outputs_) output_names_.push_back(output.name.c_str());
  }

  std::vector<TensorInfo> inputs() override { return inputs_; }
  std::vector<TensorInfo> outputs() override { return outputs_; }

  void bind_inputs(const std::vector<std::vector<HostValue>>& sets, bool keep_first_outputs) override {
    host_ = sets;  // owns the bytes the Ort::Values point at
    bound_.clear();
    for (const auto& set : host_) {
      BoundSet bound;
      for (const auto& value : set) {
        if (value.kind == ValueKind::optional && value.elements.empty()) continue;  // None: not fed
        bound.values.push_back(translate_errors<SessionError>("cannot create input value " + value.name,
                                                              [&] { return to_ort_value(value); }));
        bound.names.push_back(value.name.c_str());
      }
      bound_.push_back(std::move(bound));
    }
    keep_first_outputs_ = keep_first_outputs;
    first_outputs_.clear();
    first_outputs_.resize(bound_.size());
  }

  void run(std::size_t set) override {
    BoundSet& bound = bound_.at(set);
    auto outputs = translate_errors<SessionError>("ONNX Runtime Run failed", [&] {
      return session_.Run(run_options_, bound.names.data(), bound.values.data(), bound.values.size(),
                          output_names_.data(), output_names_.size());
    });
    // Kept by moving the handles: nothing is copied inside the timed call.
    if (keep_first_outputs_ && !first_outputs_[set]) first_outputs_[set] = std::move(outputs);
  }

  void run_profiled(std::size_t set, const std::string& file_prefix) override {
    BoundSet& bound = bound_.at(set);
    translate_errors<SessionError>("ONNX Runtime Run with profiling failed", [&] {
      // Options of their own: the timed runs' options never carry profiling.
      Ort::RunOptions options;
      options.EnableProfiling(ort_path(file_prefix).c_str());
      session_.Run(options, bound.names.data(), bound.values.data(), bound.values.size(), output_names_.data(),
                   output_names_.size());
    });
  }

  std::vector<HostValue> first_outputs(std::size_t set) override {
    if (set >= first_outputs_.size() || !first_outputs_[set]) {
      throw SessionError("data set " + std::to_string(set) + " has not run with its outputs kept");
    }
    std::vector<HostValue> host;
    const auto& values = *first_outputs_[set];
    for (std::size_t i = 0; i < values.size(); ++i) {
      host.push_back(translate_errors<SessionError>("cannot read output " + outputs_[i].name,
                                                    [&] { return to_host_value(values[i], outputs_[i]); }));
    }
    return host;
  }

 private:
  Ort::Session session_;
  Ort::RunOptions run_options_;
  std::vector<TensorInfo> inputs_;
  std::vector<TensorInfo> outputs_;
  std::vector<std::vector<HostValue>> host_;
  std::vector<BoundSet> bound_;
  std::vector<const char*> output_names_;
  bool keep_first_outputs_ = false;
  std::vector<std::optional<std::vector<Ort::Value>>> first_outputs_;
};

}  // namespace

std::unique_ptr<OnnxSession> create_onnx_session(const SessionSpec& spec) {
  try {
    return std::make_unique<OrtOnnxSession>(spec);
  } catch (const winml::Error&) {
    throw;
  } catch (const std::exception& e) {
    throw GenaiLoadError(explain_onnx_load_failure(spec.model_path, e.what()));
  }
}

}  // namespace winml::engine::impl
