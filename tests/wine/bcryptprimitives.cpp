// For running the Windows build under wine 8 only (never installed): GenAI's DLL imports
// ProcessPrng from bcryptprimitives.dll, which Windows 10 and later have and wine 8 lacks, so
// onnxruntime-genai.dll would not load at all. This stand-in, built into the test tree's bin/
// beside the programs, forwards to BCryptGenRandom with the system's preferred generator, the
// documented way to get the same bytes. On real Windows the system DLL is a known DLL and wins.

#include <windows.h>
// <bcrypt.h> needs <windows.h> first.
#include <bcrypt.h>

#include <algorithm>
#include <cstddef>

extern "C" __declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
  // BCryptGenRandom takes a ULONG count: larger requests are filled in pieces.
  while (size > 0) {
    const ULONG chunk = static_cast<ULONG>(std::min<SIZE_T>(size, 0x7fffffff));
    if (!BCRYPT_SUCCESS(::BCryptGenRandom(nullptr, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG))) return FALSE;
    data += chunk;
    size -= chunk;
  }
  return TRUE;  // Windows' ProcessPrng never fails; this one fails only if wine's generator does
}
