/* SHA-256 (FIPS 180-4), used by the KAT tool to print digests of keys and signatures. */
#ifndef SNOVA_SHA256_H
#define SNOVA_SHA256_H

#include <stddef.h>
#include <stdint.h>

void snova_sha256(uint8_t out[32], const uint8_t *in, size_t len);

#endif
