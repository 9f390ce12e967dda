#pragma once
/// \file
/// The version of an installed library read from the install itself, for libraries that have no
/// version call (ONNX Runtime GenAI 0.18 exports none). Plain C++, no engine headers.

#include <filesystem>
#include <string>

namespace winml::engine::impl {

/// The version of the library file `library` (canonical, symlinks resolved), from, in order:
/// a versioned file name (libonnxruntime-genai.so.0.18.0), or the NuGet package it sits in
/// (<id>/<version>/runtimes/<rid>/native/<file>, whose <id>.nuspec <version> must agree with the
/// folder), or the file's own version resource (Windows DLLs). "unknown" for any other install.
std::string version_of_install(const std::filesystem::path& library);

}  // namespace winml::engine::impl
