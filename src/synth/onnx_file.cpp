#include "synth/onnx_file.h"

#include <fmt/format.h>
#include <onnx/checker.h>
#include <onnx/defs/schema.h>

#include <mutex>
#include <string>

#include "platform/atomic_file.h"
#include "winml/errors.h"

namespace winml::synth {

void save_model(const onnx::ModelProto& model, const std::filesystem::path& path) {
  std::string bytes;
  if (!model.SerializeToString(&bytes)) {
    throw Error(ErrorCategory::runtime,
                fmt::format("cannot serialize {}: the model is over protobuf's 2 GB limit; its weights "
                            "should have gone to external data (this is a winml bug).",
                            path.string()));
  }
  platform::write_file_atomically(path, bytes);
}

void register_ort_schemas() {
  static std::once_flag once;
  std::call_once(once, [] {
    // Mirrors the contract ONNX Runtime documents for its RMSNorm kernel (domain "", since 1).
    const std::vector<std::string> floats = {"tensor(float)", "tensor(float16)", "tensor(double)", "tensor(bfloat16)"};
    onnx::OpSchema schema("SimplifiedLayerNormalization", __FILE__, __LINE__);
    schema.SetDomain("")
        .SinceVersion(1)
        .SetDoc("ONNX Runtime RMSNorm: X / sqrt(mean(X^2) + epsilon) * scale over the axes from `axis` on.")
        .Attr("axis", "First normalization dimension.", onnx::AttributeProto::INT, static_cast<std::int64_t>(-1))
        .Attr("epsilon", "Added to the mean square.", onnx::AttributeProto::FLOAT, 1e-5f)
        .Attr("stash_type", "Type used for the inverse deviation.", onnx::AttributeProto::INT,
              static_cast<std::int64_t>(1))
        .Input(0, "X", "Input.", "T")
        .Input(1, "scale", "Gain.", "V")
        .Output(0, "Y", "Normalized output.", "V")
        .Output(1, "inv_std_var", "Saved inverse deviation.", "U", onnx::OpSchema::Optional)
        .TypeConstraint("T", floats, "Input types.")
        .TypeConstraint("U", {"tensor(float)", "tensor(double)"}, "Statistic types.")
        .TypeConstraint("V", floats, "Gain and output types.");
    onnx::RegisterSchema(std::move(schema));
  });
}

void check_model_file(const std::filesystem::path& path) {
  register_ort_schemas();
  try {
    onnx::checker::check_model(path.string());
  } catch (const std::exception& e) {
    throw Error(ErrorCategory::runtime,
                fmt::format("the ONNX checker rejected {}: {} (this is a winml bug; please report it).", path.string(),
                            e.what()));
  }
}

}  // namespace winml::synth
