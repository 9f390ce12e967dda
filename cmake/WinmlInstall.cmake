# Install layout: bin/winml, bin/winml-compile-worker, lib/libwinml.a, lib/libwinml_engine.so next to
# the ONNX Runtime and GenAI libraries, include/winml/, and a CMake package so another project can
# `find_package(winml)` and link winml::winml.
include(CMakePackageConfigHelpers)

install(TARGETS winml_core EXPORT winmlTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
if(TARGET winml_utf8_narrow)
  # mingw builds: programs linking the installed library get UTF-8 narrow paths too (see the file).
  install(TARGETS winml_utf8_narrow EXPORT winmlTargets OBJECTS DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()
install(TARGETS winml winml-compile-worker RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The plugins go where the loader looks: lib/ beside the engine libraries, or on Windows bin/ with
# winml.exe (a DLL is a RUNTIME artifact there, and the system finds dependent DLLs beside the exe).
set(_plugins winml_engine)
if(TARGET winml_onnx_io)
  list(APPEND _plugins winml_onnx_io)
endif()
install(TARGETS ${_plugins} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(WIN32)
  install(FILES ${WINML_RUNTIME_LIBS} DESTINATION ${CMAKE_INSTALL_BINDIR})
elseif(WINML_GENAI_PACKAGE_VERSION)
  # The installed GenAI is libonnxruntime-genai.so.<version> behind a link with the name the engine
  # was linked with: the package folder that told the build tree its version is not installed, and
  # the engine reads the version from the name of the file the loader mapped (install_version.cpp).
  set(_genai_lib "${WINML_GENAI_LIB_DIR}/libonnxruntime-genai.so")
  set(_other_libs ${WINML_RUNTIME_LIBS})
  list(REMOVE_ITEM _other_libs "${_genai_lib}")
  install(FILES ${_other_libs} DESTINATION ${CMAKE_INSTALL_LIBDIR})
  set(_genai_versioned "libonnxruntime-genai.so.${WINML_GENAI_PACKAGE_VERSION}")
  install(FILES "${_genai_lib}" DESTINATION ${CMAKE_INSTALL_LIBDIR} RENAME "${_genai_versioned}")
  install(CODE "file(CREATE_LINK \"${_genai_versioned}\"
    \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/libonnxruntime-genai.so\" SYMBOLIC)")
else()
  install(FILES ${WINML_RUNTIME_LIBS} DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()
install(DIRECTORY include/winml DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT winmlTargets NAMESPACE winml:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/winml)

configure_package_config_file(cmake/winmlConfig.cmake.in "${CMAKE_BINARY_DIR}/winmlConfig.cmake"
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/winml PATH_VARS CMAKE_INSTALL_LIBDIR)
write_basic_package_version_file("${CMAKE_BINARY_DIR}/winmlConfigVersion.cmake" COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/winmlConfig.cmake" "${CMAKE_BINARY_DIR}/winmlConfigVersion.cmake"
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/winml)
