#pragma once
// How a plugin (the engine, onnx_io) exports its two entry points: a DLL export on Windows (then
// nothing else of the DLL is exported: mingw's export-everything default ends with the first
// explicit export), default visibility elsewhere, where the plugins build with hidden visibility.

#if defined(_WIN32)
#define WINML_PLUGIN_EXPORT __declspec(dllexport)
#else
#define WINML_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif
