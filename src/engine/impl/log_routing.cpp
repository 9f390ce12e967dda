#include "engine/impl/log_routing.h"

#include <ort_genai.h>

#include <cstdio>
#include <memory>
#include <mutex>

#include "engine/impl/ort_environment.h"

namespace winml::engine::impl {
namespace {

struct Routing {
  LogSeverity min_severity = LogSeverity::error;
  std::shared_ptr<const LogSink> sink;  // null: the default, plain lines on stderr
  bool drop_all = false;
};

std::mutex g_mutex;
Routing g_routing;

Routing current() {
  std::lock_guard lock(g_mutex);
  return g_routing;
}

void deliver(LogSeverity severity, const std::string& source, const std::string& raw) {
  const Routing routing = current();
  if (routing.drop_all || severity < routing.min_severity) return;
  const std::string text = plain_log_text(raw);
  if (routing.sink) {
    (*routing.sink)(severity, source, text);
  } else {
    // No sink set (a library user that never asked): ORT's own behaviour, minus the colours.
    std::fprintf(stderr, "%s: %s\n", source.c_str(), text.c_str());
  }
}

LogSeverity from_ort(OrtLoggingLevel level) {
  switch (level) {
    case ORT_LOGGING_LEVEL_VERBOSE:
      return LogSeverity::verbose;
    case ORT_LOGGING_LEVEL_INFO:
      return LogSeverity::info;
    case ORT_LOGGING_LEVEL_WARNING:
      return LogSeverity::warning;
    case ORT_LOGGING_LEVEL_ERROR:
      return LogSeverity::error;
    default:
      return LogSeverity::fatal;
  }
}

OrtLoggingLevel to_ort(LogSeverity severity) {
  switch (severity) {
    case LogSeverity::verbose:
      return ORT_LOGGING_LEVEL_VERBOSE;
    case LogSeverity::info:
      return ORT_LOGGING_LEVEL_INFO;
    case LogSeverity::warning:
      return ORT_LOGGING_LEVEL_WARNING;
    case LogSeverity::error:
      return ORT_LOGGING_LEVEL_ERROR;
    default:
      return ORT_LOGGING_LEVEL_FATAL;
  }
}

// GenAI logs lines like "warning: text" (its label first); anything unlabelled is info.
void genai_log_callback(const char* text, std::size_t length) {
  std::string line = plain_log_text(std::string(text, length));
  LogSeverity severity = LogSeverity::info;
  for (auto [label, level] : {std::pair{"error", LogSeverity::error}, std::pair{"warning", LogSeverity::warning}}) {
    const std::string prefix = std::string(label) + ": ";
    const auto at = line.find(prefix);
    if (at != std::string::npos && line.find_first_not_of(' ') == at) {
      severity = level;
      line = line.substr(at + prefix.size());
      break;
    }
  }
  deliver(severity, "onnxruntime-genai", line);
}

}  // namespace

std::string plain_log_text(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\033' && i + 1 < text.size() && text[i + 1] == '[') {
      i += 2;
      while (i < text.size() && !(text[i] >= '@' && text[i] <= '~')) ++i;  // parameters, then the final byte
      continue;
    }
    out.push_back(text[i]);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == ' ')) out.pop_back();
  return out;
}

OrtLoggingLevel ort_log_level() {
  const Routing routing = current();
  return routing.drop_all ? ORT_LOGGING_LEVEL_FATAL : to_ort(routing.min_severity);
}

void ort_log_function(void* /*param*/, OrtLoggingLevel severity, const char* /*category*/, const char* /*logid*/,
                      const char* /*code_location*/, const char* message) {
  deliver(from_ort(severity), "onnxruntime", message == nullptr ? "" : message);
}

void set_log_routing(LogSeverity min_severity, LogSink sink) {
  const bool drop_all = !sink;
  {
    std::lock_guard lock(g_mutex);
    g_routing.min_severity = min_severity;
    g_routing.drop_all = !sink;
    g_routing.sink = sink ? std::make_shared<const LogSink>(std::move(sink)) : nullptr;
  }
  // Creating the environment here makes ours the one GenAI finds and shares.
  ort_env().UpdateEnvWithCustomLogLevel(ort_log_level());
  OgaCheckResult(OgaSetLogCallback(genai_log_callback));
  OgaCheckResult(OgaSetLogBool("ansi_tags", false));
  // GenAI's own log is off by default; its warnings (options that do not apply) are worth seeing
  // whenever ours are.
  const bool genai_log = !drop_all && min_severity <= LogSeverity::warning;
  OgaCheckResult(OgaSetLogBool("enabled", genai_log));
  OgaCheckResult(OgaSetLogBool("warning", genai_log));
}

}  // namespace winml::engine::impl
