# libsnova's CMake package (make install and cmake --install put it in
# <prefix>/lib/cmake/snova): find_package(snova) gives snova::snova (the shared
# library; on Windows the DLL with its import library) and snova::snova_static.
# Paths are found from this file's place, so the installed tree can be moved.
get_filename_component(_snova_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT TARGET snova::snova)
  add_library(snova::snova SHARED IMPORTED)
  set_target_properties(snova::snova PROPERTIES
    IMPORTED_LOCATION "${_snova_prefix}/@SHARED_LIB@"
    INTERFACE_INCLUDE_DIRECTORIES "${_snova_prefix}/include")
  add_library(snova::snova_static STATIC IMPORTED)
  set_target_properties(snova::snova_static PROPERTIES
    IMPORTED_LOCATION "${_snova_prefix}/@STATIC_LIB@"
    INTERFACE_INCLUDE_DIRECTORIES "${_snova_prefix}/include")
  if(WIN32)
    set_target_properties(snova::snova PROPERTIES IMPORTED_IMPLIB "${_snova_prefix}/@IMPORT_LIB@")
    set_target_properties(snova::snova_static PROPERTIES
      INTERFACE_COMPILE_DEFINITIONS SNOVA_STATIC INTERFACE_LINK_LIBRARIES bcrypt)
  else()
    include(CMakeFindDependencyMacro)
    find_dependency(Threads)
    set_target_properties(snova::snova PROPERTIES IMPORTED_SONAME "@SHARED_SONAME@")
    set_target_properties(snova::snova_static PROPERTIES INTERFACE_LINK_LIBRARIES Threads::Threads)
  endif()
endif()
unset(_snova_prefix)
