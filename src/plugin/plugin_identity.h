#pragma once
/// \file
/// What a winml plugin says about itself before any C++ object crosses into it.
///
/// winml's plugins (libwinml_engine.so, libwinml_onnx_io.so) are dlopen'ed and talk to winml
/// through C++ classes: virtual calls, std::string, std::vector, std::function and winml::Error
/// exceptions cross the boundary. Their symbols are hidden, so that works only because both sides
/// were built from one winml source tree with one compiler and one C++ standard library: the
/// classes have one layout, and a thrown winml::Error is matched by its type name. The loader
/// therefore reads this plain C record first and refuses a plugin from another build with a
/// message naming both builds and the fix, instead of crashing on a changed vtable.

#include <version>  // defines the standard library's version macros read below

namespace winml::plugin {

/// A plugin's identity: plain C data, readable whatever compiler built the plugin.
struct Identity {
  int interface_version;      ///< the plugin interface's version, bumped on every change to it
  const char* winml_version;  ///< version of the winml tree the plugin was built from
  const char* toolchain;      ///< compiler and C++ standard library (see kToolchain)
};

#if defined(_LIBCPP_VERSION)
#define WINML_PLUGIN_STDLIB_STRING "libc++ " WINML_PLUGIN_STRINGIFY(_LIBCPP_VERSION)
#elif defined(__GLIBCXX__)
#define WINML_PLUGIN_STDLIB_STRING "libstdc++ " WINML_PLUGIN_STRINGIFY(__GLIBCXX__)
#else
#define WINML_PLUGIN_STDLIB_STRING "an unknown C++ standard library"
#endif
#define WINML_PLUGIN_STRINGIFY_2(x) #x
#define WINML_PLUGIN_STRINGIFY(x) WINML_PLUGIN_STRINGIFY_2(x)

/// The compiler and C++ standard library compiling this line: equal on both sides of a plugin
/// boundary when they come from one build.
inline constexpr const char* kToolchain = "compiler " __VERSION__ ", " WINML_PLUGIN_STDLIB_STRING;

}  // namespace winml::plugin
