# Cross-compiles winml for 64-bit Windows on Linux with Debian's mingw-w64 (g++-mingw-w64-x86-64-posix:
# the posix thread model, which std::thread and std::mutex need) and runs what it builds under wine64.
# Used by the `mingw` preset; the tests of the Windows build run with `scripts/test-windows.sh`.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR AMD64)

set(_triple x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${_triple}-gcc-posix)
set(CMAKE_CXX_COMPILER ${_triple}-g++-posix)
set(CMAKE_RC_COMPILER ${_triple}-windres)

# Libraries and headers come from the mingw sysroot only; programs (python3, dotnet, git) from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${_triple})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# ctest and gtest_discover_tests run the .exe files through wine.
find_program(WINML_WINE NAMES wine64 wine)
if(WINML_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${WINML_WINE})
endif()

# The mingw C++ runtime (libstdc++, libgcc, winpthread) is linked in statically: the programs then
# need only Windows' own DLLs and the ONNX Runtime DLLs copied beside them.
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
set(CMAKE_SHARED_LINKER_FLAGS_INIT -static)
