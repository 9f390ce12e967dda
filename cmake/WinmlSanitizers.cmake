# Sanitizer and fuzzing builds (the `asan` preset turns both on, with clang).
#
# WINML_SANITIZE: AddressSanitizer + UndefinedBehaviorSanitizer on every target we build,
#   including the dlopen'ed engine plugin and the compile worker. UB is not recoverable, so the
#   first finding ends the process. ONNX Runtime and GenAI are prebuilt and stay uninstrumented.
# WINML_FUZZ: also adds libFuzzer's coverage instrumentation to all our code (so the fuzz
#   targets see coverage inside winml_core, not only in the harness) and builds fuzz/. Needs
#   clang, whose compiler runtime ships libFuzzer; implies WINML_SANITIZE.
option(WINML_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(WINML_FUZZ "Build the libFuzzer targets in fuzz/ (clang only; implies WINML_SANITIZE)" OFF)

set(WINML_SANITIZER_FLAGS "")
if(WINML_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "WINML_FUZZ needs clang (libFuzzer is part of clang's runtime); this build uses "
      "${CMAKE_CXX_COMPILER_ID}. Configure with the asan preset, or -DCMAKE_CXX_COMPILER=clang++.")
  endif()
  set(WINML_SANITIZE ON CACHE BOOL "" FORCE)
endif()
if(WINML_SANITIZE)
  set(WINML_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all)
  if(WINML_FUZZ)
    list(APPEND WINML_SANITIZER_FLAGS -fsanitize=fuzzer-no-link)
  endif()
  add_compile_options(${WINML_SANITIZER_FLAGS} -fno-omit-frame-pointer)
  add_link_options(${WINML_SANITIZER_FLAGS})
endif()
