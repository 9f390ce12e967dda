#pragma once
/// \file
/// Pointing stages of a config at other files, e.g. at their EPContext-compiled models, without
/// touching anything else in the config.

#include <map>
#include <string>

#include "bundle/stage_list.h"

namespace winml::bundle {

/// `config` with each stage named in `filenames` (stage name -> file, relative to the folder the
/// config will be written to) pointing at its new file: a pipeline stage's `filename`, or
/// model.decoder.filename for the plain decoder (stage "decoder", as list_stages names it). Key
/// order and every other field are kept. Throws UsageError for a malformed pipeline and for a
/// name that is not a stage of the config (a caller bug that would otherwise load the old file).
ConfigJson with_stage_files(ConfigJson config, const std::map<std::string, std::string>& filenames);

}  // namespace winml::bundle
