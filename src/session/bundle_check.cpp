#include "session/bundle_check.h"

#include "bundle/bundle_paths.h"
#include "bundle/file_write_options.h"
#include "bundle/native_code.h"
#include "winml/errors.h"

namespace winml::session {

BundleFacts check_bundle(const std::filesystem::path& bundle_dir, bool allow_custom_ops) {
  BundleFacts facts{bundle::load_genai_config(bundle_dir), {}};
  bundle::require_no_native_code(facts.config, allow_custom_ops);
  bundle::require_no_file_writes(facts.config);
  bundle::require_stage_files(facts.config);
  std::string tokenizer_dir = facts.config.json["model"].value("tokenizer_dir", std::string());
  facts.tokenizer_dir = tokenizer_dir.empty()
                            ? bundle_dir
                            : bundle::resolve_bundle_path(bundle_dir, tokenizer_dir, "model.tokenizer_dir");
  auto tokenizer = facts.tokenizer_dir / "tokenizer.json";
  if (!std::filesystem::exists(tokenizer)) {
    throw UsageError("the bundle's tokenizer " + tokenizer.string() +
                     " is missing. Copy the model's tokenizer.json into the bundle.");
  }
  bundle::require_contained_files(facts.config, facts.tokenizer_dir);
  return facts;
}

}  // namespace winml::session
