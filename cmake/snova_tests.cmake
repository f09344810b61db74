# ctest: the known answers of one set of each round through the shared library
# (tests/harness/det_kat.c, the NIST DRBG linked beside it under names of its own),
# and the command's keygen, sign, verify round trip. Cross-compiled, both run
# under CMAKE_CROSSCOMPILING_EMULATOR (qemu for AArch64 Linux).
set(SNOVA_CTEST_SETS snova-24-5-16-4-esk snova-r2-24-5-4-shake snova-r3-i-s snova-r3-i-s-aes
    CACHE STRING "the sets whose known answers ctest checks")
set(SNOVA_CTEST_VECTORS 2 CACHE STRING "vectors checked per set")

# the driver's DRBG: rng.c with its portable AES and SHA-256 and an empty kernel table
snova_source_paths(drbg_sources rng.c aes_ct.c util.c sha256.c)
add_executable(snova_det_kat tests/harness/det_kat.c tests/harness/drbg_kernels.c ${drbg_sources})
target_include_directories(snova_det_kat PRIVATE ${snova_includes})
target_compile_definitions(snova_det_kat PRIVATE randombytes=kat_drbg_randombytes randombytes_init=kat_drbg_init
                           snova_sha256=kat_sha256)
target_link_libraries(snova_det_kat PRIVATE snova_shared)

set(emulator ${CMAKE_CROSSCOMPILING_EMULATOR})
foreach(set IN LISTS SNOVA_CTEST_SETS)
  set(kat "${SNOVA_SHARED_DIR}/${SNOVA_KAT.${set}}")
  if(NOT EXISTS "${kat}")
    message(WARNING "no known answers ${kat}: its test is left out (set SNOVA_SHARED_DIR)")
    continue()
  endif()
  add_test(NAME kat-${set} COMMAND ${CMAKE_COMMAND} "-DEMULATOR=${emulator}" -DDET_KAT=$<TARGET_FILE:snova_det_kat>
           -DSET=${set} -DCOUNT=${SNOVA_CTEST_VECTORS} -DKAT=${kat} -P "${PROJECT_SOURCE_DIR}/cmake/snova_ctest_kat.cmake")
endforeach()
if(SNOVA_BUILD_COMMAND)
  add_test(NAME command-round-trip COMMAND ${CMAKE_COMMAND} "-DEMULATOR=${emulator}" -DSNOVA=$<TARGET_FILE:snova>
           -DSET=snova-r3-i-s -DWORK=${PROJECT_BINARY_DIR}/ctest-work
           -P "${PROJECT_SOURCE_DIR}/cmake/snova_ctest_command.cmake")
endif()
