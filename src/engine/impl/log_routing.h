#pragma once
// Where ONNX Runtime's and GenAI's log lines go: ORT's environment is created with our logging
// function and GenAI gets our callback, so neither writes its own (ANSI-coloured) lines to stderr.

#include <onnxruntime_cxx_api.h>

#include <string>

#include "engine/engine.h"

namespace winml::engine::impl {

/// Stores the sink and its threshold, updates the environment's level and GenAI's logging.
void set_log_routing(LogSeverity min_severity, LogSink sink);

/// The level ORT's environment filters at (our threshold; FATAL when lines are dropped).
OrtLoggingLevel ort_log_level();

/// ORT's custom logging function (Ort::Env's OrtLoggingFunction).
void ort_log_function(void* param, OrtLoggingLevel severity, const char* category, const char* logid,
                      const char* code_location, const char* message);

/// Removes ANSI escape sequences (ESC [ ... letter) and trailing line breaks and spaces.
std::string plain_log_text(const std::string& text);

}  // namespace winml::engine::impl
