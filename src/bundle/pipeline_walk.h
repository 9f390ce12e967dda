#pragma once
/// \file
/// Visiting the stages of `model.decoder.pipeline` in execution order, read-only or for rewriting.
/// The pipeline is a list of objects (each with one or several stage keys) or one object of stages.

#include <string>

#include "bundle/genai_config.h"
#include "winml/errors.h"

namespace winml::bundle {

/// Calls fn(name, stage, where) for every stage, `where` being its JSON location for messages.
/// Json is ConfigJson or const ConfigJson. Throws UsageError for a malformed pipeline.
template <typename Json, typename Fn>
void for_each_pipeline_stage(Json& pipeline, Fn&& fn) {
  auto visit = [&](Json& object, const std::string& prefix) {
    for (auto it = object.begin(); it != object.end(); ++it) {
      std::string where = prefix + "." + it.key();
      if (!it.value().is_object()) {
        throw UsageError(where + " must be an object describing the stage (filename, inputs, outputs, ...).");
      }
      fn(it.key(), it.value(), where);
    }
  };
  const std::string base = "model.decoder.pipeline";
  if (pipeline.is_array()) {
    for (std::size_t i = 0; i < pipeline.size(); ++i) {
      auto& entry = pipeline[i];
      if (!entry.is_object()) {
        throw UsageError(base + "[" + std::to_string(i) + "] must be an object like {\"stage_name\": {...}}.");
      }
      visit(entry, base + "[" + std::to_string(i) + "]");
    }
  } else if (pipeline.is_object()) {
    visit(pipeline, base);
  } else {
    throw UsageError(base + " must be a list of {\"stage_name\": {...}} objects or one object of stages.");
  }
}

}  // namespace winml::bundle
