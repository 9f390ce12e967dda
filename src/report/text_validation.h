#pragma once
/// \file
/// The console table of --validate (internal to src/report): one row per output per data set
/// with its largest errors, the tolerance in effect and pass or FAIL.

#include <string>

#include "perf/onnx_result.h"
#include "report/text_table.h"

namespace winml::report {

/// The validation section: a heading with the verdict, then the table.
std::string validation_text(const perf::OnnxValidation& validation, const text::Style& style);

}  // namespace winml::report
