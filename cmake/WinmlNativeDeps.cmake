# Locates ONNX Runtime and ONNX Runtime GenAI (headers + shared libraries).
#
# Default: restore the pinned official NuGet packages with `dotnet restore` into the build tree,
# once (a stamp file makes later configures skip the restore).
# Alternatives for users with their own install:
#   -DWINML_ORT_ROOT=<dir>    containing include/onnxruntime_c_api.h and lib/libonnxruntime.so
#                             (Windows: lib/onnxruntime.dll and lib/onnxruntime.lib)
#   -DWINML_GENAI_ROOT=<dir>  containing include/ort_genai.h and lib/libonnxruntime-genai.so
#                             (Windows: lib/onnxruntime-genai.dll and lib/onnxruntime-genai.lib)
#   -DWINML_NUGET_PACKAGES_DIR=<dir>  an already restored NuGet packages folder
# The packages carry every platform's natives; WINML_NUGET_RUNTIME picks the one this build targets.
set(WINML_ORT_VERSION "1.31.1")
set(WINML_GENAI_VERSION "0.18.0")

set(WINML_ORT_ROOT "" CACHE PATH "Existing ONNX Runtime install (include/ + lib/)")
set(WINML_GENAI_ROOT "" CACHE PATH "Existing ONNX Runtime GenAI install (include/ + lib/)")
set(WINML_NUGET_PACKAGES_DIR "${CMAKE_BINARY_DIR}/_nuget" CACHE PATH "NuGet packages folder")
if(WIN32)
  string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" _processor)
  if(_processor MATCHES "^(arm64|aarch64)$")
    set(_runtime win-arm64)
  else()
    set(_runtime win-x64)
  endif()
  # The names the linker and the loader use: import library + DLL on Windows, one .so elsewhere.
  set(_ort_files onnxruntime.dll onnxruntime.lib)
  set(_genai_files onnxruntime-genai.dll onnxruntime-genai.lib)
  set(_providers_shared onnxruntime_providers_shared.dll)
else()
  set(_runtime linux-x64)
  set(_ort_files libonnxruntime.so)
  set(_genai_files libonnxruntime-genai.so)
  set(_providers_shared libonnxruntime_providers_shared.so)
endif()
set(WINML_NUGET_RUNTIME "${_runtime}" CACHE STRING "The NuGet runtime folder whose natives this build uses")

if(NOT WINML_ORT_ROOT OR NOT WINML_GENAI_ROOT)
  set(_stamp "${WINML_NUGET_PACKAGES_DIR}/.winml-restored-ort${WINML_ORT_VERSION}-genai${WINML_GENAI_VERSION}")
  if(NOT EXISTS "${_stamp}")
    find_program(DOTNET_EXECUTABLE dotnet REQUIRED)
    message(STATUS "Restoring ONNX Runtime ${WINML_ORT_VERSION} and GenAI ${WINML_GENAI_VERSION} from NuGet")
    set(_proj_dir "${CMAKE_BINARY_DIR}/_nuget_project")
    file(MAKE_DIRECTORY "${_proj_dir}")
    # The versions are written into the project here, so this file is the one place they are named.
    configure_file("${CMAKE_CURRENT_LIST_DIR}/nuget/winml-native-deps.csproj" "${_proj_dir}/winml-native-deps.csproj" @ONLY)
    execute_process(
      COMMAND "${DOTNET_EXECUTABLE}" restore "${_proj_dir}/winml-native-deps.csproj"
              --packages "${WINML_NUGET_PACKAGES_DIR}" --nologo -v quiet
      RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "dotnet restore of the ONNX Runtime NuGet packages failed:\n${_out}\n"
        "Fix the NuGet source, or pass -DWINML_ORT_ROOT=... -DWINML_GENAI_ROOT=... for an existing install.")
    endif()
    file(WRITE "${_stamp}" "restored\n")
  endif()
  if(NOT WINML_ORT_ROOT)
    set(_ort_pkg "${WINML_NUGET_PACKAGES_DIR}/microsoft.ml.onnxruntime/${WINML_ORT_VERSION}")
    set(WINML_ORT_INCLUDE_DIR "${_ort_pkg}/build/native/include")
    set(WINML_ORT_LIB_DIR "${_ort_pkg}/runtimes/${WINML_NUGET_RUNTIME}/native")
  endif()
  if(NOT WINML_GENAI_ROOT)
    set(_genai_pkg "${WINML_NUGET_PACKAGES_DIR}/microsoft.ml.onnxruntimegenai/${WINML_GENAI_VERSION}")
    set(WINML_GENAI_INCLUDE_DIR "${_genai_pkg}/build/native/include")
    set(WINML_GENAI_LIB_DIR "${_genai_pkg}/runtimes/${WINML_NUGET_RUNTIME}/native")
    # GenAI 0.18 has no version call and its file name carries none: an install names its copy
    # after the package it came from (WinmlInstall.cmake), where the engine reads it back.
    set(WINML_GENAI_PACKAGE_VERSION "${WINML_GENAI_VERSION}")
  endif()
endif()
if(WINML_ORT_ROOT)
  set(WINML_ORT_INCLUDE_DIR "${WINML_ORT_ROOT}/include")
  set(WINML_ORT_LIB_DIR "${WINML_ORT_ROOT}/lib")
endif()
if(WINML_GENAI_ROOT)
  set(WINML_GENAI_INCLUDE_DIR "${WINML_GENAI_ROOT}/include")
  set(WINML_GENAI_LIB_DIR "${WINML_GENAI_ROOT}/lib")
endif()

set(_required "${WINML_ORT_INCLUDE_DIR}/onnxruntime_cxx_api.h" "${WINML_GENAI_INCLUDE_DIR}/ort_genai.h")
list(TRANSFORM _ort_files PREPEND "${WINML_ORT_LIB_DIR}/" OUTPUT_VARIABLE _ort_paths)
list(TRANSFORM _genai_files PREPEND "${WINML_GENAI_LIB_DIR}/" OUTPUT_VARIABLE _genai_paths)
foreach(_f IN LISTS _required _ort_paths _genai_paths)
  if(NOT EXISTS "${_f}")
    message(FATAL_ERROR "Missing ${_f}. Check WINML_ORT_ROOT / WINML_GENAI_ROOT or delete ${WINML_NUGET_PACKAGES_DIR} to restore again.")
  endif()
endforeach()

if(WIN32)
  # Windows finds a DLL beside the program that loads it: the engine libraries are copied into
  # <build>/bin with winml.exe and its plugins (and installed to <prefix>/bin).
  set(WINML_RUNTIME_LIBS "${WINML_ORT_LIB_DIR}/onnxruntime.dll" "${WINML_GENAI_LIB_DIR}/onnxruntime-genai.dll")
  if(EXISTS "${WINML_ORT_LIB_DIR}/${_providers_shared}")
    list(APPEND WINML_RUNTIME_LIBS "${WINML_ORT_LIB_DIR}/${_providers_shared}")
  endif()
  file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/bin")
  file(COPY ${WINML_RUNTIME_LIBS} DESTINATION "${CMAKE_BINARY_DIR}/bin")
  add_library(winml_ort_genai INTERFACE)
  target_include_directories(winml_ort_genai SYSTEM INTERFACE "${WINML_ORT_INCLUDE_DIR}" "${WINML_GENAI_INCLUDE_DIR}")
  target_link_libraries(winml_ort_genai INTERFACE
    "${WINML_GENAI_LIB_DIR}/onnxruntime-genai.lib" "${WINML_ORT_LIB_DIR}/onnxruntime.lib")
  if(MINGW)
    # ort_genai_c.h spells the calling convention the MSVC way; mingw's keyword is __stdcall.
    target_compile_definitions(winml_ort_genai INTERFACE _stdcall=__stdcall)
  endif()
  return()
endif()

# The engine plugin and the engine libraries sit side by side in <build>/lib (and <prefix>/lib once
# installed) so that an $ORIGIN RUNPATH finds them wherever the tree is moved.
set(WINML_RUNTIME_LIBS
  "${WINML_ORT_LIB_DIR}/libonnxruntime.so"
  "${WINML_GENAI_LIB_DIR}/libonnxruntime-genai.so")
if(EXISTS "${WINML_ORT_LIB_DIR}/${_providers_shared}")
  list(APPEND WINML_RUNTIME_LIBS "${WINML_ORT_LIB_DIR}/${_providers_shared}")
endif()
# libonnxruntime.so's SONAME is libonnxruntime.so.1: the loader looks for that name too.
if(EXISTS "${WINML_ORT_LIB_DIR}/libonnxruntime.so.1")
  list(APPEND WINML_RUNTIME_LIBS "${WINML_ORT_LIB_DIR}/libonnxruntime.so.1")
else()
  set(WINML_ORT_SONAME_ALIAS "${CMAKE_BINARY_DIR}/_sonames/libonnxruntime.so.1")
  file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/_sonames")
  file(CREATE_LINK "${WINML_ORT_LIB_DIR}/libonnxruntime.so" "${WINML_ORT_SONAME_ALIAS}" COPY_ON_ERROR SYMBOLIC)
  list(APPEND WINML_RUNTIME_LIBS "${WINML_ORT_SONAME_ALIAS}")
endif()
file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/lib")
foreach(_lib IN LISTS WINML_RUNTIME_LIBS)
  get_filename_component(_name "${_lib}" NAME)
  file(CREATE_LINK "${_lib}" "${CMAKE_BINARY_DIR}/lib/${_name}" COPY_ON_ERROR SYMBOLIC)
endforeach()

add_library(winml_ort_genai INTERFACE)
target_include_directories(winml_ort_genai SYSTEM INTERFACE "${WINML_ORT_INCLUDE_DIR}" "${WINML_GENAI_INCLUDE_DIR}")
target_link_libraries(winml_ort_genai INTERFACE
  "${CMAKE_BINARY_DIR}/lib/libonnxruntime-genai.so" "${CMAKE_BINARY_DIR}/lib/libonnxruntime.so")
