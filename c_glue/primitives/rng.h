/* The NIST PQC known-answer-test random generator: AES-256 CTR_DRBG without a
 * derivation function (SP 800-90A, as in NIST's rng.c), one global instance. */
#ifndef SNOVA_RNG_H
#define SNOVA_RNG_H

#define RNG_SUCCESS 0
#define RNG_BAD_MAXLEN -1
#define RNG_BAD_OUTBUF -2
#define RNG_BAD_REQ_LEN -3

/* entropy_input: 48 bytes; personalization_string: 48 bytes or NULL;
 * security_strength must be 256. */
void randombytes_init(unsigned char *entropy_input, unsigned char *personalization_string,
                      int security_strength);
int randombytes(unsigned char *x, unsigned long long xlen);

#endif
