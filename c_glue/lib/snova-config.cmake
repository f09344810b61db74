# libsnova's CMake package (make install puts it in <prefix>/lib/cmake/snova):
# find_package(snova) gives snova::snova (the shared library) and
# snova::snova_static. Paths are found from this file's place, so the installed
# tree can be moved.
get_filename_component(_snova_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET snova::snova)
  include(CMakeFindDependencyMacro)
  find_dependency(Threads)
  add_library(snova::snova SHARED IMPORTED)
  set_target_properties(snova::snova PROPERTIES
    IMPORTED_LOCATION "${_snova_prefix}/lib/libsnova.so.@SOVERSION@"
    IMPORTED_SONAME "libsnova.so.@SOVERSION@"
    INTERFACE_INCLUDE_DIRECTORIES "${_snova_prefix}/include")
  add_library(snova::snova_static STATIC IMPORTED)
  set_target_properties(snova::snova_static PROPERTIES
    IMPORTED_LOCATION "${_snova_prefix}/lib/libsnova.a"
    INTERFACE_INCLUDE_DIRECTORIES "${_snova_prefix}/include"
    INTERFACE_LINK_LIBRARIES Threads::Threads)
endif()
unset(_snova_prefix)
