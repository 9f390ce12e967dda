# Cross-compiling for Windows from Debian (the mingw preset): nlohmann-json, fmt, CLI11 and
# Boost.Math are header-only, so the host's Debian packages serve the Windows build too. Their CMake
# packages would put all of /usr/include on the include path, where glibc's headers would shadow
# mingw's; instead each library's own folder is linked into a private include folder and the usual
# imported targets point there.
set(_headers "${CMAKE_BINARY_DIR}/_host_header_libraries")
file(MAKE_DIRECTORY "${_headers}")
foreach(_folder nlohmann fmt CLI boost)
  if(NOT EXISTS "/usr/include/${_folder}")
    message(FATAL_ERROR "/usr/include/${_folder} is missing: run scripts/setup.sh (it installs nlohmann-json3-dev, "
      "libfmt-dev, libcli11-dev and libboost-dev, whose headers the Windows build uses).")
  endif()
  file(CREATE_LINK "/usr/include/${_folder}" "${_headers}/${_folder}" SYMBOLIC)
endforeach()

function(_winml_header_library target)
  add_library(${target} INTERFACE IMPORTED GLOBAL)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_headers}" ${ARGN})
endfunction()
_winml_header_library(nlohmann_json::nlohmann_json)
_winml_header_library(fmt::fmt-header-only INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)
_winml_header_library(CLI11::CLI11)
_winml_header_library(Boost::headers)
