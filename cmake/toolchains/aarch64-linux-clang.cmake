# AArch64 Linux with clang-19 and lld on an x86-64 machine, against the cross C
# library of Debian's libc6-dev-arm64-cross (/usr/aarch64-linux-gnu); ctest runs
# the programs under qemu-aarch64 with that root for the dynamic loader.
#   cmake -S . -B build/cmake-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-clang.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(SNOVA_AARCH64_ROOT /usr/aarch64-linux-gnu CACHE PATH "the AArch64 C library's root")
foreach(lang C ASM)
  set(CMAKE_${lang}_COMPILER clang-19)
  set(CMAKE_${lang}_COMPILER_TARGET aarch64-linux-gnu)
endforeach()
set(CMAKE_AR llvm-ar-19 CACHE FILEPATH "")
set(CMAKE_RANLIB llvm-ranlib-19 CACHE FILEPATH "")
foreach(kind EXE SHARED MODULE)
  set(CMAKE_${kind}_LINKER_FLAGS_INIT -fuse-ld=lld)
endforeach()
set(CMAKE_FIND_ROOT_PATH ${SNOVA_AARCH64_ROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L ${SNOVA_AARCH64_ROOT})
