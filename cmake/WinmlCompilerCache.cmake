# ccache as the compiler launcher, when it is installed: CI builds from a fresh clone each time and
# the compile dominates its run, so objects that did not change come from the cache instead.
#
# WINML_CCACHE (ON): use ccache if found. A launcher the user set (-DCMAKE_CXX_COMPILER_LAUNCHER=...,
# or the environment variable of that name) is kept as it is. Without ccache the build is a plain one.
#
# base_dir is this source tree, so that ccache turns the absolute paths on the command line (-I,
# the source file) into relative ones before hashing: another clone in another folder then hits the
# same cache entries. It is given on the launcher, not in a ccache.conf, so it works whatever the
# user's configuration says. The cache itself stays where ccache keeps it (~/.cache/ccache), outside
# the clone, so deleting a build folder or the clone keeps it.
#
# MSVC is left out: its debug information goes to a shared PDB, which ccache cannot cache.
option(WINML_CCACHE "Use ccache as the compiler launcher when it is installed" ON)

if(WINML_CCACHE AND NOT MSVC AND NOT DEFINED CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(WINML_CCACHE_PROGRAM ccache)
  if(WINML_CCACHE_PROGRAM)
    execute_process(COMMAND "${WINML_CCACHE_PROGRAM}" --version OUTPUT_VARIABLE _ccache_version_text
      ERROR_QUIET RESULT_VARIABLE _ccache_rc)
    string(REGEX MATCH "version ([0-9]+\\.[0-9]+)" _ccache_match "${_ccache_version_text}")
    set(_ccache_version "${CMAKE_MATCH_1}")
    if(NOT _ccache_rc EQUAL 0 OR NOT _ccache_version)
      message(STATUS "ccache at ${WINML_CCACHE_PROGRAM} does not run; building without it")
    else()
      if(_ccache_version VERSION_GREATER_EQUAL 4.8)
        # ccache 4.8 takes configuration settings before the compiler: no extra process per compile.
        set(_launcher "${WINML_CCACHE_PROGRAM}" "base_dir=${CMAKE_SOURCE_DIR}")
      else()
        # Older ccache (Debian 12 has 4.7) reads it from the environment only.
        set(_launcher "${CMAKE_COMMAND}" -E env "CCACHE_BASEDIR=${CMAKE_SOURCE_DIR}" "${WINML_CCACHE_PROGRAM}")
      endif()
      set(CMAKE_CXX_COMPILER_LAUNCHER ${_launcher})
      set(CMAKE_C_COMPILER_LAUNCHER ${_launcher})
      message(STATUS "Compiler cache: ccache ${_ccache_version}, base_dir ${CMAKE_SOURCE_DIR}")
      # Unity sources include each file by its absolute path, so __FILE__ in them (ONNX's OpSchema
      # registration, protobuf's checks) would name this clone and no other clone could hit:
      # mapped, it names the file relative to the source tree. (Not for windres: C and C++ only.)
      add_compile_options("$<$<COMPILE_LANGUAGE:CXX,C>:-fmacro-prefix-map=${CMAKE_SOURCE_DIR}/=>")
      if(WINML_SANITIZE)
        # The sanitizer build has line tables (-gline-tables-only), and ccache hashes the build
        # folder of a compile with debug information unless a -fdebug-prefix-map maps it: mapped
        # to ".", another clone hits too. Reports then name sources relative to the clone.
        add_compile_options("$<$<COMPILE_LANGUAGE:CXX,C>:-fdebug-prefix-map=${CMAKE_SOURCE_DIR}=.>")
      endif()
    endif()
  endif()
endif()
