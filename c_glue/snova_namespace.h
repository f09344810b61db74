/* Source-level namespacing: every global name of the SNOVA core and of its
 * hand-written primitives, each mapped to itself behind a prefix chosen at build
 * time, the way PQClean and liboqs namespace imported code. Every translation
 * unit of the core includes this header first. The generated kernels are not
 * listed here: out/snova_kernels.h (their C names) and out/snova_asm.h (their
 * assembly) read the same definitions and give them the common prefix, so one
 * set of definitions renames the whole build.
 *
 *   SNOVA_NAMESPACE         the prefix (a C identifier's start, or empty);
 *                           without it every name stays as written
 *   SNOVA_SHAPE_NAMESPACE   optional: the prefix of the kernel table and its run-time
 *                           choice, which depend on the block shape only
 *   SNOVA_COMMON_NAMESPACE  optional: the prefix of what no parameter set changes
 *                           (SHAKE, AES, nibbles, the rank kernels, the generated
 *                           kernels, the OS randomness)
 * The two optional prefixes default to SNOVA_NAMESPACE; a host that links many
 * sets sets them to share one copy of that code (c_glue/lib.mk does).
 * tests/test_export.py checks that a namespaced build defines no other global. */
#ifndef SNOVA_NAMESPACE_H
#define SNOVA_NAMESPACE_H

#if defined(SNOVA_NAMESPACE)

#define SNOVA_NS_JOIN_(prefix, name) prefix##name
#define SNOVA_NS_JOIN(prefix, name) SNOVA_NS_JOIN_(prefix, name)
#define SNOVA_NS_SET(name) SNOVA_NS_JOIN(SNOVA_NAMESPACE, name)
#if defined(SNOVA_SHAPE_NAMESPACE)
#define SNOVA_NS_SHAPE(name) SNOVA_NS_JOIN(SNOVA_SHAPE_NAMESPACE, name)
#else
#define SNOVA_NS_SHAPE(name) SNOVA_NS_SET(name)
#endif
#if defined(SNOVA_COMMON_NAMESPACE)
#define SNOVA_NS_COMMON(name) SNOVA_NS_JOIN(SNOVA_COMMON_NAMESPACE, name)
#else
#define SNOVA_NS_COMMON(name) SNOVA_NS_SET(name)
#endif

/* a parameter set's own code: its round's core, the NIST API (sign.c) and its
 * libsnova descriptor, named <prefix>instance */
#define crypto_sign SNOVA_NS_SET(crypto_sign)
#define crypto_sign_keypair SNOVA_NS_SET(crypto_sign_keypair)
#define crypto_sign_open SNOVA_NS_SET(crypto_sign_open)
#define crypto_sign_signature SNOVA_NS_SET(crypto_sign_signature)
#define crypto_sign_verify SNOVA_NS_SET(crypto_sign_verify)
#define snova_core_keypair SNOVA_NS_SET(snova_core_keypair)
#define snova_core_prepare_public SNOVA_NS_SET(snova_core_prepare_public)
#define snova_core_prepare_secret SNOVA_NS_SET(snova_core_prepare_secret)
#define snova_core_public_prepared_bytes SNOVA_NS_SET(snova_core_public_prepared_bytes)
#define snova_core_secret_prepared_bytes SNOVA_NS_SET(snova_core_secret_prepared_bytes)
#define snova_core_sign SNOVA_NS_SET(snova_core_sign)
#define snova_core_sign_prepared SNOVA_NS_SET(snova_core_sign_prepared)
#define snova_core_verify SNOVA_NS_SET(snova_core_verify)
#define snova_core_verify_prepared SNOVA_NS_SET(snova_core_verify_prepared)
#define snova_keygen SNOVA_NS_SET(snova_keygen)
#define snova_keypair_seeded SNOVA_NS_SET(snova_keypair_seeded)
#define snova_sign_esk SNOVA_NS_SET(snova_sign_esk)
#define snova_sign_salted SNOVA_NS_SET(snova_sign_salted)
#define snova_sign_signature_salted SNOVA_NS_SET(snova_sign_signature_salted)
#define snova_sign_ssk SNOVA_NS_SET(snova_sign_ssk)
#define snova_verify SNOVA_NS_SET(snova_verify)
#define snova_lib_instance SNOVA_NS_SET(instance)

/* the kernel table of a block shape and its run-time choice */
#define snova_kernels SNOVA_NS_SHAPE(snova_kernels)
#define snova_kernels_for_cpu SNOVA_NS_SHAPE(snova_kernels_for_cpu)
#define snova_kernels_for_hwcap SNOVA_NS_SHAPE(snova_kernels_for_hwcap)
#define snova_kernels_for_class SNOVA_NS_SHAPE(snova_kernels_for_class)
#define snova_kernels_choose SNOVA_NS_SHAPE(snova_kernels_choose)
#define snova_kernels_choice SNOVA_NS_SHAPE(snova_kernels_choice)
#define snova_kernels_portable SNOVA_NS_SHAPE(snova_kernels_portable)

/* the primitives and the portable rank kernels */
#define snova_alloc SNOVA_NS_COMMON(snova_alloc)
#define snova_c_aes128_ctr_prng SNOVA_NS_COMMON(snova_c_aes128_ctr_prng)
#define snova_c_gf16_solve SNOVA_NS_COMMON(snova_c_gf16_solve)
#define snova_c_gf16m_add_r2 SNOVA_NS_COMMON(snova_c_gf16m_add_r2)
#define snova_c_gf16m_add_r3 SNOVA_NS_COMMON(snova_c_gf16m_add_r3)
#define snova_c_gf16m_add_r4 SNOVA_NS_COMMON(snova_c_gf16m_add_r4)
#define snova_c_gf16m_add_r5 SNOVA_NS_COMMON(snova_c_gf16m_add_r5)
#define snova_c_gf16m_dot_r2 SNOVA_NS_COMMON(snova_c_gf16m_dot_r2)
#define snova_c_gf16m_dot_r3 SNOVA_NS_COMMON(snova_c_gf16m_dot_r3)
#define snova_c_gf16m_dot_r4 SNOVA_NS_COMMON(snova_c_gf16m_dot_r4)
#define snova_c_gf16m_dot_r5 SNOVA_NS_COMMON(snova_c_gf16m_dot_r5)
#define snova_c_gf16m_linsys_coeffs_r2 SNOVA_NS_COMMON(snova_c_gf16m_linsys_coeffs_r2)
#define snova_c_gf16m_linsys_coeffs_r3 SNOVA_NS_COMMON(snova_c_gf16m_linsys_coeffs_r3)
#define snova_c_gf16m_linsys_coeffs_r4 SNOVA_NS_COMMON(snova_c_gf16m_linsys_coeffs_r4)
#define snova_c_gf16m_linsys_coeffs_r5 SNOVA_NS_COMMON(snova_c_gf16m_linsys_coeffs_r5)
#define snova_c_gf16m_mul_r2 SNOVA_NS_COMMON(snova_c_gf16m_mul_r2)
#define snova_c_gf16m_mul_r3 SNOVA_NS_COMMON(snova_c_gf16m_mul_r3)
#define snova_c_gf16m_mul_r4 SNOVA_NS_COMMON(snova_c_gf16m_mul_r4)
#define snova_c_gf16m_mul_r5 SNOVA_NS_COMMON(snova_c_gf16m_mul_r5)
#define snova_c_gf16m_rowdot_r2 SNOVA_NS_COMMON(snova_c_gf16m_rowdot_r2)
#define snova_c_gf16m_rowdot_r3 SNOVA_NS_COMMON(snova_c_gf16m_rowdot_r3)
#define snova_c_gf16m_rowdot_r4 SNOVA_NS_COMMON(snova_c_gf16m_rowdot_r4)
#define snova_c_gf16m_rowdot_r5 SNOVA_NS_COMMON(snova_c_gf16m_rowdot_r5)
#define snova_c_keccakf1600_x2 SNOVA_NS_COMMON(snova_c_keccakf1600_x2)
#define snova_c_keccakf1600_x3 SNOVA_NS_COMMON(snova_c_keccakf1600_x3)
#define snova_c_keccakf1600_x4 SNOVA_NS_COMMON(snova_c_keccakf1600_x4)
#define snova_ct_aes128_ctr_keystream SNOVA_NS_COMMON(snova_ct_aes128_ctr_keystream)
#define snova_free SNOVA_NS_COMMON(snova_free)
#define snova_free_wiped SNOVA_NS_COMMON(snova_free_wiped)
#define snova_os_random SNOVA_NS_COMMON(snova_os_random)
#define snova_pack_nibbles SNOVA_NS_COMMON(snova_pack_nibbles)
#define snova_read_midr SNOVA_NS_COMMON(snova_read_midr)
#define snova_shake128_ctr SNOVA_NS_COMMON(snova_shake128_ctr)
#define snova_shake128_init SNOVA_NS_COMMON(snova_shake128_init)
#define snova_shake256 SNOVA_NS_COMMON(snova_shake256)
#define snova_shake256_init SNOVA_NS_COMMON(snova_shake256_init)
#define snova_shake_absorb SNOVA_NS_COMMON(snova_shake_absorb)
#define snova_shake_absorbing SNOVA_NS_COMMON(snova_shake_absorbing)
#define snova_shake_squeeze SNOVA_NS_COMMON(snova_shake_squeeze)
#define snova_shake_wipe SNOVA_NS_COMMON(snova_shake_wipe)
#define snova_unpack_nibbles SNOVA_NS_COMMON(snova_unpack_nibbles)
#define snova_wipe SNOVA_NS_COMMON(snova_wipe)
#define snova_wipe_stack SNOVA_NS_COMMON(snova_wipe_stack)

/* the C primitives beside the generated kernels: AES's context, the Keccak
 * permutation's C forms and the run-time choice among the generated ones */
#define snova_aes128_init SNOVA_NS_COMMON(snova_aes128_init)
#define snova_aes256_ecb_block SNOVA_NS_COMMON(snova_aes256_ecb_block)
#define snova_aes256_init SNOVA_NS_COMMON(snova_aes256_init)
#define snova_aes_ctx_wipe SNOVA_NS_COMMON(snova_aes_ctx_wipe)
#define snova_aes_ecb SNOVA_NS_COMMON(snova_aes_ecb)
#define snova_keccak_f1600 SNOVA_NS_COMMON(snova_keccak_f1600)
#define snova_keccakf1600_x2_gpr SNOVA_NS_COMMON(snova_keccakf1600_x2_gpr)
#define snova_keccakf1600_x3_gpr SNOVA_NS_COMMON(snova_keccakf1600_x3_gpr)
#define snova_keccakf1600_x3_sha3 SNOVA_NS_COMMON(snova_keccakf1600_x3_sha3)
#define snova_keccakf1600_x4_gpr SNOVA_NS_COMMON(snova_keccakf1600_x4_gpr)
#define snova_keccakf1600_x4_sha3 SNOVA_NS_COMMON(snova_keccakf1600_x4_sha3)

#endif /* SNOVA_NAMESPACE */
#endif
