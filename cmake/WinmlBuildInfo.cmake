# Writes winml_build_info.h (version, commit, build type), run as a script both at configure time
# and before every build (the winml_build_info target), so that a report names the commit that was
# built, not the one the last configure saw. configure_file rewrites the header only when its text
# changes: an unchanged commit recompiles nothing.
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -DVERSION=... -DBUILD_TYPE=... -P WinmlBuildInfo.cmake
execute_process(COMMAND git rev-parse --short=12 HEAD WORKING_DIRECTORY "${SOURCE_DIR}"
  OUTPUT_VARIABLE WINML_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT WINML_GIT_COMMIT)
  set(WINML_GIT_COMMIT "unknown")
endif()
# The template's names (build_info.h.in).
set(PROJECT_VERSION "${VERSION}")
set(CMAKE_BUILD_TYPE "${BUILD_TYPE}")
configure_file("${SOURCE_DIR}/src/util/build_info.h.in" "${OUTPUT}" @ONLY)
