# The sources of libsnova and of the NEON build, by how they are compiled: the one
# list of them, read by c_glue/c_glue.mk and c_glue/lib.mk (make) and by
# CMakeLists.txt (cmake/snova_make_lists.cmake reads these `NAME := words` lines:
# keep every list on one line, plain words, no make functions). Sources are named
# by file name alone, found in the rooms or in c_glue/lib/ (tools/core_rooms.py
# reads them for the Python tools).
# The core's rooms: the rounds' algorithms and their sizes (core/), the kernel
# table with its portable kernels and run-time choice (kernels/), the primitives
# (primitives/: SHAKE, AES, SHA-256, the DRBG, the OS randomness)
SNOVA_ROOMS := c_glue/core c_glue/kernels c_glue/primitives
# compiled once, with an empty namespace prefix (the primitives, the OS randomness)
LIB_PRIM_COMMON := shake.c aes_ct.c util.c nibbles.c kernels_portable.c os_random.c
# the same, added by a NEON build
LIB_PRIM_NEON := keccak_neon.c
# compiled per block shape (the kernel table and its run-time choice)
LIB_SHAPE_COMMON := kernels_shape.c kernels_select.c
LIB_SHAPE_NEON := kernels_neon.c
# compiled per set, beside its round's core (SNOVA_CORE.<set>) and its descriptor lib_instance.c
LIB_SET_COMMON := sign.c
# the generic API (c_glue/lib/)
LIB_API := libsnova.c libsnova_deterministic.c libsnova_prepared.c
# the generated kernels a NEON build assembles (out/)
SNOVA_NEON_ASM_PATTERNS := out/gf16m_*.S out/gf16_solve.S out/aes128_*.S out/aes256_*.S out/keccakf1600*.S
