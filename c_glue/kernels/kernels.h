/* Kernel interface of the SNOVA core: every GF(16) l x l matrix operation, the
 * AES-128-CTR public-key expansion and the Keccak-f[1600] permutation under every
 * SHAKE of the core go through one of these tables, so that another backend
 * (generated AArch64 assembly) can be chosen at run time. */
#ifndef SNOVA_CORE_KERNELS_H
#define SNOVA_CORE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* l*l bytes each, row-major, one GF(16) element (0..15) per byte; c may alias a or b. */
typedef void (*snova_gf16m_binop_fn)(const uint8_t *a, const uint8_t *b, uint8_t *c);
/* acc += sum over c < count of X_c Y_c (l x l products), X_c at x + c*xstride and
 * Y_c at y + c*ystride bytes; acc must not overlap any X_c or Y_c. */
typedef void (*snova_gf16m_dot_fn)(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,
                                   size_t ystride, size_t count);
/* acc[j] += sum over c < count of X_c Y_c[j] for j < n: X_c at x + c*xstride, Y_c a row
 * of n consecutive matrices at y + c*ystride bytes, acc a row of n matrices that must
 * not overlap any X_c or Y_c; count >= 1. */
typedef void (*snova_gf16m_rowdot_fn)(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y,
                                      size_t ystride, size_t count, size_t n);
/* The l^2 x l^2 coefficient block of the signing system for one equation and
 * one oil index: coef[r][v] = sum over a < l^2 of lx_a[ra][ve] B_a[vf][rb] +
 * A_a[ra][vf] rx_a[ve][rb], r = ra*l + rb, v = ve*l + vf; lx, B, A, rx each hold
 * l^2 consecutive l x l matrices. */
typedef void (*snova_gf16m_linsys_fn)(uint8_t *coef, const uint8_t *lx, const uint8_t *B, const uint8_t *A,
                                      const uint8_t *rx);
/* The Round 3 signing system's coefficient block for one equation and one oil
 * index, (l r) x (l r) bytes: coef[ra*l + rb][ve*r + vf] = sum over a < count of
 * lx_a[ra][ve] B_a[vf][rb] + A_a[ra][vf] rx_a[ve][rb] (ra, vf < r; rb, ve < l);
 * lx_a and B_a are r x l, A_a is r x r, rx_a is l x l, each array `count`
 * consecutive matrices. For r = l and count = l^2 it is snova_gf16m_linsys_fn. */
typedef void (*snova_gf16m_linsys_lr_fn)(uint8_t *coef, const uint8_t *lx, const uint8_t *B, const uint8_t *A,
                                         const uint8_t *rx, size_t count);
/* acc[r][c] += sum over k < count of X[r][k] Y_k[c] for r < rows (a multiple of
 * 16 / l: 8, 5, 4 and 3 for l = 2 to 5) and c < n: X[r][k] the l x l matrix at
 * x + r*xrow + k*l^2, Y_k[c] given as the mul_tables of its elements at
 * tab + 16 l^2 (k n + c), acc[r][c] at acc + l^2 (r n + c); acc must not overlap
 * X or the tables. */
typedef void (*snova_gf16m_rowdot_rtbl_fn)(uint8_t *acc, const uint8_t *x, size_t xrow, const uint8_t *tab,
                                           size_t count, size_t n, size_t rows);
/* out[16 e + y] = x[e] y for e < n and y < 16: the product table of each element,
 * made by arithmetic (constant time); out must not overlap x. */
typedef void (*snova_gf16m_mul_tables_fn)(uint8_t *out, const uint8_t *x, size_t n);
/* out: the pair tables of `units` left factors' rows (mul_pair_tables: pairs of
 * rows, or factors where a factor's rows are odd in number); out must not overlap x. */
typedef void (*snova_gf16m_mul_pair_tables_fn)(uint8_t *out, const uint8_t *x, size_t units);
/* n matrices rearranged for a rowdot that takes its right factors so (the public
 * map's l x l blocks, or the transposes of T's r x l blocks, in runs of 16 / l or
 * 16 / r: interleave_runs, interleave_transposes); out must not overlap x. */
typedef void (*snova_gf16m_interleave_fn)(uint8_t *out, const uint8_t *x, size_t n);
/* A row of n l x l blocks from their packed nibbles into the runs a rowdot takes
 * (unpack_runs); out must not overlap packed. */
typedef void (*snova_gf16m_unpack_fn)(uint8_t *out, const uint8_t *packed, size_t n);
/* out[c] = x[c]^t for c < n square matrices (transpose_rr); out must not overlap x. */
typedef void (*snova_gf16m_transpose_fn)(uint8_t *out, const uint8_t *x, size_t n);
/* A left factor's rows in the form a rowdot takes them, out not overlapping x:
 * the folded rowdot's row patterns (generator/kernels/folded.py: 32 bytes per
 * row of five elements, at least 2 rows). */
typedef void (*snova_gf16m_fold_patterns_fn)(uint8_t *out, const uint8_t *x, size_t rows);
/* zero IV, BE32 counter in bytes 12..15 from 0, raw keystream */
typedef void (*snova_aes128_ctr_prng_fn)(uint8_t *out, size_t len, const uint8_t key[16]);
/* AES-256 of `blocks` 16-byte blocks from in to out (FIPS 197), key wiped from
 * registers before return */
typedef void (*snova_aes256_ecb_fn)(uint8_t *out, const uint8_t *in, size_t blocks, const uint8_t key[32]);
/* The n x n system over GF(16) in g (n < 256): n rows of stride bytes (stride a
 * multiple of 16, at least n + 1), one element per byte, row i being [b_i | A_i0
 * .. A_i,n-1 | zeros]. Constant time. Returns 0xFF when the system is regular,
 * and then byte 0 of row n-1-k holds the solution x_k; 0 when singular (g
 * unspecified). (Unknowns are eliminated from the last, so that the bytes in
 * use are a prefix of every row.) */
typedef uint8_t (*snova_gf16_solve_fn)(uint8_t *g, size_t n, size_t stride);

/* Keccak-f[1600] in place: 25 lanes, little-endian 64-bit words, lane (x, y) at
 * s[x + 5y] (FIPS 202). */
typedef void (*snova_keccakf1600_fn)(uint64_t s[25]);
/* The same on two independent states, s[0..24] and s[25..49]. */
typedef void (*snova_keccakf1600_x2_fn)(uint64_t s[50]);
/* The same on three independent states, s[0..24], s[25..49] and s[50..74]. */
typedef void (*snova_keccakf1600_x3_fn)(uint64_t s[75]);
/* The same on four, s[25 i .. 25 i + 24] for i < 4. */
typedef void (*snova_keccakf1600_x4_fn)(uint64_t s[100]);

struct snova_kernels {
    const char *name;
    snova_gf16m_binop_fn gf16m_add, gf16m_mul;
    snova_gf16m_dot_fn gf16m_dot;
    snova_gf16m_rowdot_fn gf16m_rowdot;
    snova_gf16m_linsys_fn gf16m_linsys_coeffs;
    snova_aes128_ctr_prng_fn aes128_ctr_prng;
    /* the KAT generator's AES-256 DRBG (rng.c); NULL where the backend has no AES
     * instructions: rng.c then takes the portable constant-time AES (aes_ct.c) */
    snova_aes256_ecb_fn aes256_ecb;
    snova_gf16_solve_fn gf16_solve;
    /* Products of the rectangular matrices of Round 3 (l x r signature blocks),
     * named by the shapes of their factors: mul_rrl is (r x r)(r x l), rowdot_rll
     * is (r x l)(l x l), with the semantics of the square kernels above (dot,
     * rowdot: acc of the result's shape, X of the left factor's, Y of the right
     * factor's). Where r = l they are the square kernels. */
    snova_gf16m_binop_fn mul_rrl, mul_rll, mul_lrl;
    snova_gf16m_dot_fn dot_llr, dot_rrl;
    /* scalars times l x r and r x r matrices (the square blocks of Rounds 1 and
     * 2: dot_scalar_rr, l x l): acc += sum over c < count of x[c * xstride] Y_c (a
     * dot product whose left factors are 1 x 1) */
    snova_gf16m_dot_fn dot_scalar_lr, dot_scalar_rr;
    /* the same for l x l matrices, every round: elements of F16[S] (T12's blocks,
     * Q1 and Q2) as sums of scaled powers of S */
    snova_gf16m_dot_fn dot_scalar_ll;
    snova_gf16m_rowdot_fn rowdot_llr, rowdot_rll, rowdot_rlr, rowdot_rrl;
    /* (l r x l)(l x l), and (l r x l)(l x r) for the Z sums: the l r x l
     * left factor is l r x l matrices stacked */
    snova_gf16m_rowdot_fn rowdot_sll, rowdot_slr;
    snova_gf16m_linsys_lr_fn linsys_lr;
    /* the left factors of the quadratic forms' public-map products (Round 3
     * with l = 2 and 5: rowdot_rll, rowdot_sll where stacked; Rounds 1 and 2:
     * the stacked (l l) x l factors of l = 3 and 5) as the mul_tables of
     * their elements, X_k at x + k*xstride (16 bytes per element), multiplied by
     * lookups in those tables (rowdot_fn semantics otherwise). NULL where a
     * backend has no table form (the portable one: its masked products cost
     * about what lookups would). */
    snova_gf16m_mul_tables_fn mul_tables;
    snova_gf16m_rowdot_fn rowdot_tbl_ll;
    /* rowdot_tbl_ll with Round 3's left factors given as the pair tables of their
     * rows (mul_pair_tables(out, x, pairs): 16 l bytes per pair of l-element
     * rows, tab[y] = x0*y | x1*y << 4), two products a TBL (l = 4: r x 4, or
     * (4 r) x 4 where stacked; l = 5: r x 5 with r = 6 or 8, and the stacked 25 x
     * 5 of r = 5, whose odd last row pairs with a zero row and whose maker counts
     * factors, not pairs): on every core with Advanced SIMD; NULL elsewhere */
    snova_gf16m_mul_pair_tables_fn mul_pair_tables;
    snova_gf16m_rowdot_fn rowdot_ptbl_ll;
    /* Where set (l = 5, r = 6 or 8, with rowdot_ptbl_ll), rowdot_ptbl_ll takes its l x l
     * right factors (the public map's blocks) as interleave_runs(out, y, n)
     * writes a row of n of them, Y_k's at y + k*ystride: runs of 16 / l blocks,
     * each its l rows of 16 bytes, so that the l factors X^t S^a of a signature
     * block, which meet the same blocks, do not gather their rows l times */
    snova_gf16m_interleave_fn interleave_runs;
    /* Where set (l = 4, with rowdot_ptbl_ll; every core with Advanced SIMD),
     * verification unpacks each block row of a public matrix by
     * unpack_runs(out, packed, n) (the row's n blocks from their 8 n packed
     * bytes into runs of eight, 128 bytes each with row m of blocks 0..3 at 32 m
     * and of blocks 4..7 at 32 m + 16, then a run of four where n mod 8 >= 4,
     * row m at 16 m, then the n mod 4 left over as stored) and multiplies them
     * by rowdot_ptbl_runs, rowdot_ptbl_ll taking its right factors so: their rows load
     * as they are, where rowdot_ptbl_ll de-interleaves them (LD4) for every
     * factor X^t S^a */
    snova_gf16m_unpack_fn unpack_runs;
    snova_gf16m_rowdot_fn rowdot_ptbl_runs;
    /* the Z sums of Round 3's l = 4 and 5 pairs, transposed: rowdot_ptbl_ll's pair
     * tables times the transposes of the r x l blocks of T, acc[c] (Z_ab^t, for
     * a = c): of every b at once for the stacked pairs ((l r) x l tables, (l r)
     * x r results), of one b for the others (r x l and r x r); where the plan
     * sets interleave_transposes too (SNOVA_PLAN_INTERLEAVE_TRANSPOSES) they take the transposes as
     * interleave_transposes(out, x, n) writes the n blocks of one k (runs of 16 / r,
     * each its l rows of 16 bytes), elsewhere T's blocks as stored; set where
     * the variant plan says (SNOVA_PLAN_ROWDOT_PTBL_ZT), NULL elsewhere */
    snova_gf16m_rowdot_fn rowdot_ptbl_zt;
    snova_gf16m_interleave_fn interleave_transposes;
    /* the equations' weighted sums of a public matrix's l^2 sums Z_ab (r x r),
     * eight terms at a time, their weights given as the pair tables of two
     * terms' weights (16 bytes a pair, Z_ab's eight weights at tab + k*tstride):
     * rowdot_fn semantics, X_k the eight terms' weights of Z_k (8 x 1), Y_k
     * Z_k (1 x r^2), acc the eight sums. Round 3 with l > 2, on every core with
     * Advanced SIMD; NULL elsewhere */
    snova_gf16m_rowdot_fn rowdot_ptbl_wsum;
    /* out[c] = x[c]^t for c < n, r x r matrices: set with rowdot_ptbl_zt */
    snova_gf16m_transpose_fn transpose_rr;
    /* products by a fixed right factor (T12) given as tables, 16 / l block rows
     * at a time; NULL where a backend has no table form, as above */
    snova_gf16m_rowdot_rtbl_fn rowdot_rtbl;
    /* rowdot_tbl_ll for l x l left factors (T12's blocks), set with rowdot_rtbl */
    snova_gf16m_rowdot_fn rowdot_tbl_sq;
    /* products by a fixed right factor (T12, the signature's Yt) given
     * replicated, where there are no tables: gf16m_rowdot with each Y_k[c] as
     * the REPLICATED_BLOCK_BYTES of replicate_rows (snova_common.h). l = 4
     * only; NULL elsewhere and in the portable backend. */
    snova_gf16m_rowdot_fn rowdot_rrep;
    /* rowdot_rll with its l x l right factors given so (Round 3's T T12, l = 4,
     * r != l); NULL where rowdot_rrep is */
    snova_gf16m_rowdot_fn rowdot_rrep_rll;
    /* rowdot_llr with its l x r right factors (the signature's Yt) given
     * replicated as replicate_rows makes them: Round 3 with r = 8, on every core
     * with Advanced SIMD; NULL elsewhere */
    snova_gf16m_rowdot_fn rowdot_rrep_llr;
    /* l = 5, where table lookups do not pay: the rows of a matrix of 5-element
     * rows as the folded form's row patterns (ROW_PATTERN_BYTES, snova_common.h,
     * per row), and rowdot_tbl_sq's counterpart, the rowdot of 5 x 5 left factors
     * (T12's blocks) given so, X_k at x + k*xstride; NULL elsewhere */
    snova_gf16m_fold_patterns_fn fold_patterns;
    snova_gf16m_rowdot_fn rowdot_fold_pat_sq;
    snova_keccakf1600_fn keccakf1600;
    snova_keccakf1600_x2_fn keccakf1600_x2;
    snova_keccakf1600_x3_fn keccakf1600_x3;
    snova_keccakf1600_x4_fn keccakf1600_x4;
    /* States per call for independent blocks (SHAKE128's counter mode): the one of
     * 2, 3 and 4 whose form costs least per state on this core. */
    int keccak_ways;
};

const struct snova_kernels *snova_kernels(void);          /* the backend in use (kernels_select.c) */
/* Chooses the table snova_kernels() returns from now on: "portable", or a core class
 * of the variant plan (out/snova_plan.h: "little", "slow_tbl", "wide", "default") on
 * a NEON build and a CPU with Advanced SIMD; NULL: the CPU's own choice. 0, or -1 (unknown, or not runnable here) with nothing changed. */
int snova_kernels_choose(const char *name);
const char *snova_kernels_choice(void);                   /* the name of the table in use */
extern const struct snova_kernels snova_kernels_portable; /* portable C, for rank SNOVA_L and SNOVA_R (kernels_shape.c) */

/* The portable C kernels, for every rank (constant time, no data-indexed tables). */
void snova_c_gf16m_add_r2(const uint8_t *a, const uint8_t *b, uint8_t *c);
void snova_c_gf16m_add_r3(const uint8_t *a, const uint8_t *b, uint8_t *c);
void snova_c_gf16m_add_r4(const uint8_t *a, const uint8_t *b, uint8_t *c);
void snova_c_gf16m_add_r5(const uint8_t *a, const uint8_t *b, uint8_t *c);
void snova_c_gf16m_mul_r2(const uint8_t *a, const uint8_t *b, uint8_t *c);
void snova_c_gf16m_mul_r3(const uint8_t *a, const uint8_t *b, uint8_t *c);
void snova_c_gf16m_mul_r4(const uint8_t *a, const uint8_t *b, uint8_t *c);
void snova_c_gf16m_mul_r5(const uint8_t *a, const uint8_t *b, uint8_t *c);
void snova_c_gf16m_dot_r2(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                          size_t count);
void snova_c_gf16m_dot_r3(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                          size_t count);
void snova_c_gf16m_dot_r4(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                          size_t count);
void snova_c_gf16m_dot_r5(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                          size_t count);
void snova_c_gf16m_rowdot_r2(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                             size_t count, size_t n);
void snova_c_gf16m_rowdot_r3(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                             size_t count, size_t n);
void snova_c_gf16m_rowdot_r4(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                             size_t count, size_t n);
void snova_c_gf16m_rowdot_r5(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, size_t ystride,
                             size_t count, size_t n);
void snova_c_gf16m_linsys_coeffs_r2(uint8_t *coef, const uint8_t *lx, const uint8_t *B, const uint8_t *A,
                                    const uint8_t *rx);
void snova_c_gf16m_linsys_coeffs_r3(uint8_t *coef, const uint8_t *lx, const uint8_t *B, const uint8_t *A,
                                    const uint8_t *rx);
void snova_c_gf16m_linsys_coeffs_r4(uint8_t *coef, const uint8_t *lx, const uint8_t *B, const uint8_t *A,
                                    const uint8_t *rx);
void snova_c_gf16m_linsys_coeffs_r5(uint8_t *coef, const uint8_t *lx, const uint8_t *B, const uint8_t *A,
                                    const uint8_t *rx);
void snova_c_aes128_ctr_prng(uint8_t *out, size_t len, const uint8_t key[16]);
uint8_t snova_c_gf16_solve(uint8_t *g, size_t n, size_t stride);

#endif
