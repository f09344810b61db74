# cmake --install: the tree make install writes (c_glue/lib.mk), the same CMake
# package (snova::snova, snova::snova_static) and pkg-config file, from the same
# templates (c_glue/lib/), with the platform's file names.
include(GNUInstallDirs)
set(VERSION "${PROJECT_VERSION}")
set(SOVERSION "${SNOVA_SOVERSION}")
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
foreach(installed snova-config.cmake snova-config-version.cmake)
  configure_file(c_glue/lib/${installed} "${PROJECT_BINARY_DIR}/${installed}.in" @ONLY)
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
# snova.pc names the prefix: written when installing, to the prefix given then
# (cmake --install --prefix); outside the system prefixes, its consumers link
# with an rpath to the library
install(CODE "
  set(VERSION \"${PROJECT_VERSION}\")
  set(SOVERSION \"${SNOVA_SOVERSION}\")
  set(LIBS_PRIVATE \"${LIBS_PRIVATE}\")
  set(PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  if(PREFIX MATCHES \"^/usr(/local)?/?$\" OR \"${WIN32}\")
    set(RPATH \"\")
  else()
    set(RPATH \"-Wl,-rpath,\\\${libdir} \")
  endif()
  configure_file(\"${PROJECT_SOURCE_DIR}/c_glue/lib/snova.pc.in\"
                 \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib/pkgconfig/snova.pc\" @ONLY)
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/lib/pkgconfig/snova.pc\")
")
install(FILES "${PROJECT_BINARY_DIR}/snova-config.cmake" "${PROJECT_BINARY_DIR}/snova-config-version.cmake"
        DESTINATION lib/cmake/snova)
