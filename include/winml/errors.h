#pragma once
/// \file
/// The one error type winml throws, with a category that the command-line tool maps to an exit
/// code (usage -> 2, validation -> 3, everything else -> 1). Messages always say what was wrong and how to fix it.

#include <stdexcept>
#include <string>

namespace winml {

/// What kind of failure an Error is.
enum class ErrorCategory {
  usage,          ///< bad flag, missing or malformed input file (a bundle's own files too), impossible combination
  not_installed,  ///< ONNX Runtime or GenAI libraries cannot be loaded
  load,           ///< GenAI or ONNX Runtime could not load a bundle or model winml accepted, or an EP is unavailable
  runtime,        ///< inference or another operation failed after loading
  compile,        ///< EPContext pre-compilation failed
  validation,     ///< the model ran, but its outputs do not match the expected ones (perf --validate)
};

/// Base of every exception winml throws.
class Error : public std::runtime_error {
 public:
  Error(ErrorCategory category, const std::string& message) : std::runtime_error(message), category_(category) {}
  /// The category, used by the CLI to choose the exit code.
  ErrorCategory category() const noexcept { return category_; }

 private:
  ErrorCategory category_;
};

/// A usage error: the caller asked for something invalid (exit code 2).
class UsageError : public Error {
 public:
  explicit UsageError(const std::string& message) : Error(ErrorCategory::usage, message) {}
};

/// Base of the errors raised by GenaiSession and the engine layer.
class SessionError : public Error {
 public:
  using Error::Error;
  explicit SessionError(const std::string& message) : Error(ErrorCategory::runtime, message) {}
};

/// The ONNX Runtime / GenAI shared libraries cannot be loaded. The message names the file.
class GenaiNotInstalledError : public SessionError {
 public:
  explicit GenaiNotInstalledError(const std::string& message) : SessionError(ErrorCategory::not_installed, message) {}
};

/// winml's ONNX file support (the libwinml_onnx_io plugin that `bundle synth` and .pb inputs need)
/// cannot be loaded: its own kind, so that it never reads as ONNX Runtime or GenAI missing. The
/// message names the file and WINML_ONNX_IO_PATH.
class OnnxIoNotInstalledError : public Error {
 public:
  explicit OnnxIoNotInstalledError(const std::string& message) : Error(ErrorCategory::not_installed, message) {}
};

/// A bundle or model winml's own checks accepted could not be loaded (GenAI or ONNX Runtime refused
/// it), or an EP is unavailable. A missing or malformed file of the bundle is a UsageError.
class GenaiLoadError : public SessionError {
 public:
  explicit GenaiLoadError(const std::string& message) : SessionError(ErrorCategory::load, message) {}
};

/// The outputs of a run do not match the data set's expected outputs (exit code 3), raised after
/// the benchmark's report is complete.
class ValidationError : public Error {
 public:
  explicit ValidationError(const std::string& message) : Error(ErrorCategory::validation, message) {}
};

/// EPContext compilation failed in a way the caller must hear about.
class CompileError : public Error {
 public:
  explicit CompileError(const std::string& message) : Error(ErrorCategory::compile, message) {}
};

}  // namespace winml
