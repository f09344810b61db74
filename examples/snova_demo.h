/* The API of the example library libsnova_demo.so (see snova_demo.c). */
#ifndef SNOVA_DEMO_H
#define SNOVA_DEMO_H

#include <stdint.h>

const char *demo_init(void);   /* picks the kernels; returns the Keccak kernel's name */
void demo_cpu_features(int have[3]);   /* FEAT_AdvSIMD, FEAT_AES, FEAT_SHA3: 1 if present */
void demo_keccakf1600(uint64_t s[25]);
void demo_gf16_mul_r4(const uint8_t a[16], const uint8_t b[16], uint8_t c[16]);
void demo_aes128_block(const uint8_t key[16], const uint8_t in[16], uint8_t out[16]);

#endif
