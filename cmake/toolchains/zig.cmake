# Cross-compiling with `zig cc` (PyPI ziglang), which carries the C library headers
# and import stubs of macOS, Windows (MinGW-w64) and Linux: make cross passes
#   -DSNOVA_ZIG_TARGET=aarch64-macos|x86_64-macos|aarch64-windows-gnu|x86_64-windows-gnu
#   -DSNOVA_ZIG_BIN=<a directory holding cc, ar and ranlib: wrappers of python -m ziglang>
# (cmake/cross.mk writes the wrappers: CMake takes a compiler as one program).
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SNOVA_ZIG_TARGET SNOVA_ZIG_BIN)
if(NOT SNOVA_ZIG_TARGET MATCHES "^(aarch64|x86_64)-(macos|windows)")
  message(FATAL_ERROR "SNOVA_ZIG_TARGET: aarch64-macos, x86_64-macos, aarch64-windows-gnu or x86_64-windows-gnu")
endif()
# CMake's names of each zig operating system and architecture
set(snova_zig_system.macos Darwin)
set(snova_zig_system.windows Windows)
set(snova_zig_processor.macos.aarch64 arm64)
set(snova_zig_processor.macos.x86_64 x86_64)
set(snova_zig_processor.windows.aarch64 ARM64)
set(snova_zig_processor.windows.x86_64 AMD64)
set(CMAKE_SYSTEM_NAME ${snova_zig_system.${CMAKE_MATCH_2}})
set(CMAKE_SYSTEM_PROCESSOR ${snova_zig_processor.${CMAKE_MATCH_2}.${CMAKE_MATCH_1}})
foreach(lang C ASM)
  set(CMAKE_${lang}_COMPILER ${SNOVA_ZIG_BIN}/cc)
endforeach()
set(CMAKE_AR ${SNOVA_ZIG_BIN}/ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${SNOVA_ZIG_BIN}/ranlib CACHE FILEPATH "")
# CMake's Darwin platform wants install_name_tool (for installing with an rpath)
find_program(CMAKE_INSTALL_NAME_TOOL NAMES llvm-install-name-tool-19 llvm-install-name-tool install_name_tool)
# nothing of the build machine's
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
