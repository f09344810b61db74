/* NIST PQC signature API of the SNOVA core (parameter set fixed at build time). */
#ifndef SNOVA_API_H
#define SNOVA_API_H

#include <stddef.h>

#include "params.h"

#define CRYPTO_SECRETKEYBYTES SNOVA_SK_BYTES
#define CRYPTO_PUBLICKEYBYTES SNOVA_PK_BYTES
#define CRYPTO_BYTES SNOVA_SIG_BYTES
#define CRYPTO_ALGNAME SNOVA_ALGNAME

#ifdef __cplusplus
extern "C" {
#endif

/* libsnova (c_glue/lib.mk) is compiled with hidden visibility and exports each
 * set's NIST API only */
#if defined(SNOVA_NIST_API_EXPORT)
#pragma GCC visibility push(default)
#endif
/* (Windows has no visibility: the DLL exports what is marked dllexport) */
#if defined(SNOVA_NIST_API_EXPORT) && defined(_WIN32) && defined(SNOVA_BUILD_SHARED)
#define SNOVA_NIST_API __declspec(dllexport)
#else
#define SNOVA_NIST_API
#endif

SNOVA_NIST_API int crypto_sign_keypair(unsigned char *pk, unsigned char *sk);

/* sm = signature || message (CRYPTO_BYTES + mlen bytes); m may overlap sm */
SNOVA_NIST_API int crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                unsigned long long mlen, const unsigned char *sk);

/* returns 0 and writes the message on success; -1 (m and *mlen untouched) otherwise */
SNOVA_NIST_API int crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm,
                     unsigned long long smlen, const unsigned char *pk);

/* detached signature of CRYPTO_BYTES bytes (packed signature || 16-byte salt) */
SNOVA_NIST_API int crypto_sign_signature(unsigned char *sig, size_t *siglen, const unsigned char *m, size_t mlen,
                          const unsigned char *sk);

/* returns 0 for a valid signature, -1 otherwise (including siglen != CRYPTO_BYTES) */
SNOVA_NIST_API int crypto_sign_verify(const unsigned char *sig, size_t siglen, const unsigned char *m, size_t mlen,
                       const unsigned char *pk);

#if defined(SNOVA_NIST_API_EXPORT)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif
