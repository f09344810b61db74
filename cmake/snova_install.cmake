# cmake --install: the tree make install writes (c_glue/lib.mk), the same CMake
# package (snova::snova, snova::snova_static) and pkg-config file, from the same
# templates (c_glue/lib/), with the platform's file names.
include(GNUInstallDirs)
set(PREFIX "${CMAKE_INSTALL_PREFIX}")
set(VERSION "${PROJECT_VERSION}")
set(SOVERSION "${SNOVA_SOVERSION}")
# outside the system prefixes, pkg-config consumers link with an rpath to the library
if(CMAKE_INSTALL_PREFIX MATCHES "^/usr(/local)?/?$" OR WIN32)
  set(RPATH "")
else()
  set(RPATH "-Wl,-rpath,\${libdir} ")
endif()
if(WIN32)
  set(LIBS_PRIVATE "-lbcrypt")
  set(SHARED_LIB "bin/$<TARGET_FILE_NAME:snova_shared>")
  set(IMPORT_LIB "lib/$<TARGET_LINKER_FILE_NAME:snova_shared>")
  set(SHARED_SONAME "")
else()
  set(LIBS_PRIVATE "-lpthread")
  set(SHARED_LIB "lib/$<TARGET_SONAME_FILE_NAME:snova_shared>")
  set(IMPORT_LIB "")
  if(APPLE)
    set(SHARED_SONAME "@rpath/$<TARGET_SONAME_FILE_NAME:snova_shared>")
  else()
    set(SHARED_SONAME "$<TARGET_SONAME_FILE_NAME:snova_shared>")
  endif()
endif()
set(STATIC_LIB "lib/$<TARGET_FILE_NAME:snova_static>")
foreach(file snova.pc.in snova-config.cmake snova-config-version.cmake)
  string(REGEX REPLACE "\\.in$" "" installed "${file}")
  configure_file(c_glue/lib/${file} "${PROJECT_BINARY_DIR}/${installed}.in" @ONLY)
  # the file names are known at generation time only
  file(GENERATE OUTPUT "${PROJECT_BINARY_DIR}/${installed}" INPUT "${PROJECT_BINARY_DIR}/${installed}.in")
endforeach()

install(TARGETS snova_shared snova_static
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION lib NAMELINK_COMPONENT Development
        ARCHIVE DESTINATION lib)
if(SNOVA_BUILD_COMMAND)
  install(TARGETS snova RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(FILES include/snova.h include/snova_instances.h DESTINATION include)
install(FILES "${PROJECT_BINARY_DIR}/snova.pc" DESTINATION lib/pkgconfig)
install(FILES "${PROJECT_BINARY_DIR}/snova-config.cmake" "${PROJECT_BINARY_DIR}/snova-config-version.cmake"
        DESTINATION lib/cmake/snova)
