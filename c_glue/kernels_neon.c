/* The generated NEON kernels (the out/ directory, declared in snova_kernels.h) as a
 * kernel table for the build's block shapes (SNOVA_L, SNOVA_R), and the run-time choice between
 * them and the portable C kernels by the CPU's hardware capabilities. */
#include "kernels.h"
#include "kernels_neon.h"

#include "params.h"
#include "snova_kernels.h"

#define SNOVA_NEON_PASTE3(a, b, c) a##b##c
#define SNOVA_NEON_RANK_FN(op, l) SNOVA_NEON_PASTE3(snova_gf16m_, op, l)
/* the generated names of rectangular products and of the Round 3 system's coefficients */
#define SNOVA_NEON_SHAPE_FN_(op, p, q, s) snova_gf16m_##op##_##p##x##q##x##s
#define SNOVA_NEON_SHAPE_FN(op, p, q, s) SNOVA_NEON_SHAPE_FN_(op, p, q, s)
#define SNOVA_NEON_LINSYS_FN_(lv, rv) snova_gf16m_linsys_l##lv##r##rv
#define SNOVA_NEON_LINSYS_FN(l, r) SNOVA_NEON_LINSYS_FN_(l, r)
/* the table-form rowdots (l = 3 to 5): by the rows p of the left factor, and
 * with the fixed factor on the right (l = 4 and 5) */
#define SNOVA_NEON_TBL_(p, l) snova_gf16m_rowdot_tbl_##p##x##l##x##l
#define SNOVA_NEON_TBL(p, l) SNOVA_NEON_TBL_(p, l)
#define SNOVA_NEON_RTBL_(l) snova_gf16m_rowdot_rtbl_##l##x##l##x##l
#define SNOVA_NEON_RTBL(l) SNOVA_NEON_RTBL_(l)
/* the paired table form, by the rows p of the left factor, and its tables' maker */
#define SNOVA_NEON_PTBL_(p, l) snova_gf16m_rowdot_ptbl_##p##x##l##x##l
#define SNOVA_NEON_PTBL(p, l) SNOVA_NEON_PTBL_(p, l)
/* the same in runs of eight right factors (l = 4), for the cores where loads cost most */
#define SNOVA_NEON_PTBLW_(p, l) snova_gf16m_rowdot_ptblw_##p##x##l##x##l
#define SNOVA_NEON_PTBLW(p, l) SNOVA_NEON_PTBLW_(p, l)
/* the same with the right factors interleaved in runs (l = 5, unstacked) */
#define SNOVA_NEON_PTBLI_(p, l) snova_gf16m_rowdot_ptbli_##p##x##l##x##l
#define SNOVA_NEON_PTBLI(p, l) SNOVA_NEON_PTBLI_(p, l)
/* the wide form with the right factors as unpack_runs writes them (l = 4) */
#define SNOVA_NEON_PTBLWI_(p, l) snova_gf16m_rowdot_ptblwi_##p##x##l##x##l
#define SNOVA_NEON_PTBLWI(p, l) SNOVA_NEON_PTBLWI_(p, l)
/* the equations' weighted sums of the r x r Z sums, eight terms a run, named by their bytes */
#define SNOVA_NEON_WSUM_(s) snova_gf16m_rowdot_ptbl_8x1x##s
#define SNOVA_NEON_WSUM(s) SNOVA_NEON_WSUM_(s)
/* and by the transposes of its right factors (the Z sums transposed), and the
 * transposes of r x r matrices that turn those sums back */
#define SNOVA_NEON_TRANSPOSE_(r) snova_gf16m_transpose_r##r
#define SNOVA_NEON_TRANSPOSE(r) SNOVA_NEON_TRANSPOSE_(r)
#define SNOVA_NEON_PTBLT_(p, l, s) snova_gf16m_rowdot_ptblt_##p##x##l##x##s
#define SNOVA_NEON_PTBLT(p, l, s) SNOVA_NEON_PTBLT_(p, l, s)
/* the same over T's transposes interleaved in runs (SNOVA_Z_RUNS), and their interleaver */
#define SNOVA_NEON_ZT_RUNS_(r, l) snova_gf16m_rowdot_ptbli_##r##x##l##x##r
#define SNOVA_NEON_ZT_RUNS(r, l) SNOVA_NEON_ZT_RUNS_(r, l)
#define SNOVA_NEON_ZT_INTERLEAVE_(r, l) snova_gf16m_interleave_transposes_##r##x##l
#define SNOVA_NEON_ZT_INTERLEAVE(r, l) SNOVA_NEON_ZT_INTERLEAVE_(r, l)
#if SNOVA_L == 4
#define SNOVA_NEON_PAIR_TABLES snova_gf16m_mul_pair_tables
#elif SNOVA_L == 5 && SNOVA_R == 5
/* the stacked 25 x 5 factors, a factor at a time (the last row paired with zeros) */
#define SNOVA_NEON_PAIR_TABLES snova_gf16m_mul_pair_tables_25x5
#elif SNOVA_L == 5
#define SNOVA_NEON_PAIR_TABLES snova_gf16m_mul_pair_tables_r5
#endif
/* Round 3's quadratic forms multiply by the pair tables of the signature's
 * factors' rows: every pair (l, r) */
#if SNOVA_ROUND == 3 && SNOVA_L > 2
#define SNOVA_NEON_PAIRED 1
#else
#define SNOVA_NEON_PAIRED 0
#endif

/* The scaled sums are named by the bytes of their matrices, which the token
 * pasting above needs as literals: l^2 for the square blocks of Rounds 1 and 2,
 * the products l r and r r of the Round 3 sets. */
#define SNOVA_NEON_SCALE_(n) snova_gf16m_dot_1x1x##n
#define SNOVA_NEON_SCALE(n) SNOVA_NEON_SCALE_(n)
#if SNOVA_L == 2
#define SNOVA_NEON_LSQ 4
#elif SNOVA_L == 3
#define SNOVA_NEON_LSQ 9
#elif SNOVA_L == 4
#define SNOVA_NEON_LSQ 16
#elif SNOVA_L == 5
#define SNOVA_NEON_LSQ 25
#endif
#if SNOVA_ROUND == 3
#if SNOVA_LR == 4
#define SNOVA_NEON_LR 4
#elif SNOVA_LR == 16
#define SNOVA_NEON_LR 16
#elif SNOVA_LR == 20
#define SNOVA_NEON_LR 20
#elif SNOVA_LR == 24
#define SNOVA_NEON_LR 24
#elif SNOVA_LR == 25
#define SNOVA_NEON_LR 25
#elif SNOVA_LR == 30
#define SNOVA_NEON_LR 30
#elif SNOVA_LR == 32
#define SNOVA_NEON_LR 32
#elif SNOVA_LR == 40
#define SNOVA_NEON_LR 40
#endif
/* the Round 3 table-form rowdot's left factor: (l r) x l stacked, else r x l */
#if SNOVA_STACKED
#define SNOVA_NEON_TBL_ROWS SNOVA_NEON_LR
#else
#define SNOVA_NEON_TBL_ROWS SNOVA_R
#endif
#if SNOVA_RSQ == 4
#define SNOVA_NEON_RSQ 4
#elif SNOVA_RSQ == 16
#define SNOVA_NEON_RSQ 16
#elif SNOVA_RSQ == 25
#define SNOVA_NEON_RSQ 25
#elif SNOVA_RSQ == 36
#define SNOVA_NEON_RSQ 36
#elif SNOVA_RSQ == 64
#define SNOVA_NEON_RSQ 64
#endif
#endif

struct snova_kernels snova_kernels_for_cpu(unsigned long hwcap, uint64_t midr)
{
    /* The GF(16) kernels need Advanced SIMD only (PMUL on bytes is base
     * AdvSIMD); the AES kernels need the AES instructions. */
    const int simd = (hwcap & SNOVA_HWCAP_ASIMD) != 0, aes = (hwcap & SNOVA_HWCAP_AES) != 0;
    static const char *const names[2][2] = {
        { "portable-c", "portable-c gf16, neon aes" },
        { "neon gf16, portable-c aes", "neon" },
    };
    struct snova_kernels chosen = snova_kernels_portable;
    if (simd) {
        chosen.gf16m_add = SNOVA_NEON_RANK_FN(add_r, SNOVA_L);
        chosen.gf16m_mul = SNOVA_NEON_RANK_FN(mul_r, SNOVA_L);
        chosen.gf16m_dot = SNOVA_NEON_RANK_FN(dot_r, SNOVA_L);
        chosen.gf16m_rowdot = SNOVA_NEON_RANK_FN(rowdot_r, SNOVA_L);
        chosen.scale_ll = SNOVA_NEON_SCALE(SNOVA_NEON_LSQ);
#if SNOVA_ROUND < 3
        /* scalars times l x l matrices (the coefficients of Q1 and Q2) */
        chosen.scale_rr = SNOVA_NEON_SCALE(SNOVA_NEON_LSQ);
        /* the l factors X^t S^p stacked (params_square.h) */
#if SNOVA_QUAD_STACKED
        chosen.rowdot_sll = SNOVA_NEON_SHAPE_FN(rowdot, SNOVA_NEON_LSQ, SNOVA_L, SNOVA_L);
#endif
#endif
#if SNOVA_ROUND == 1
        chosen.gf16m_linsys_coeffs = SNOVA_NEON_RANK_FN(linsys_coeffs_r, SNOVA_L);
#elif SNOVA_ROUND == 2
        /* square blocks, l^2 + l terms per equation: the l = r system kernel */
        chosen.linsys_lr = SNOVA_NEON_LINSYS_FN(SNOVA_L, SNOVA_L);
#else
        chosen.linsys_lr = SNOVA_NEON_LINSYS_FN(SNOVA_L, SNOVA_R);
        chosen.scale_lr = SNOVA_NEON_SCALE(SNOVA_NEON_LR);
        chosen.scale_rr = SNOVA_NEON_SCALE(SNOVA_NEON_RSQ);
#if SNOVA_R == SNOVA_L
        /* square blocks: the rectangular products are the square ones */
        chosen.mul_rrl = chosen.mul_rll = chosen.mul_lrl = chosen.gf16m_mul;
        chosen.dot_llr = chosen.dot_rrl = chosen.gf16m_dot;
        chosen.rowdot_llr = chosen.rowdot_rll = chosen.rowdot_rlr = chosen.rowdot_rrl = chosen.gf16m_rowdot;
#else
        chosen.mul_rrl = SNOVA_NEON_SHAPE_FN(mul, SNOVA_R, SNOVA_R, SNOVA_L);
        chosen.mul_lrl = SNOVA_NEON_SHAPE_FN(mul, SNOVA_L, SNOVA_R, SNOVA_L);
        chosen.mul_rll = SNOVA_NEON_SHAPE_FN(mul, SNOVA_R, SNOVA_L, SNOVA_L);
        chosen.dot_llr = SNOVA_NEON_SHAPE_FN(dot, SNOVA_L, SNOVA_L, SNOVA_R);
        chosen.dot_rrl = SNOVA_NEON_SHAPE_FN(dot, SNOVA_R, SNOVA_R, SNOVA_L);
        chosen.rowdot_llr = SNOVA_NEON_SHAPE_FN(rowdot, SNOVA_L, SNOVA_L, SNOVA_R);
        chosen.rowdot_rll = SNOVA_NEON_SHAPE_FN(rowdot, SNOVA_R, SNOVA_L, SNOVA_L);
        chosen.rowdot_rlr = SNOVA_NEON_SHAPE_FN(rowdot, SNOVA_R, SNOVA_L, SNOVA_R);
        chosen.rowdot_rrl = SNOVA_NEON_SHAPE_FN(rowdot, SNOVA_R, SNOVA_R, SNOVA_L);
        /* (the stacked factors' products, rowdot_sll and rowdot_slr, go by the pair
         * tables below on every core: the portable ones stay for a table
         * without them) */
#endif
#endif
#if SNOVA_L == 5
        /* where table lookups do not pay, nor do TBLs on every right factor: the
         * fixed left factors (T12's blocks) as their row patterns, made once, and
         * Round 3's public map rows times the r x l factors in the folded form */
        if (!snova_tables_pay(midr)) {
            chosen.fold_patterns = snova_gf16m_fold_patterns;
            chosen.rowdot_psq = snova_gf16m_rowdot_fold_pat_r5;
#if SNOVA_ROUND == 3 && SNOVA_R != SNOVA_L
            chosen.rowdot_rll = SNOVA_NEON_SHAPE_FN(rowdot_fold, SNOVA_R, SNOVA_L, SNOVA_L);
#endif
        }
#endif
#if SNOVA_NEON_PAIRED
        /* The signature's factors times the public map's blocks, two products a
         * TBL, beat every other form on every core (llvm-mca cycles per 8 x 4 by
         * four 4 x 4: 18.0 against 34.5 by single tables on neoverse-n1, 38.1
         * against 69.0 by PMUL on cortex-a72, 85 against 105 on cortex-a55) */
        chosen.gf16_pair_tables = SNOVA_NEON_PAIR_TABLES;
#if SNOVA_L == 5 && !SNOVA_STACKED
        /* with the public map's blocks interleaved, once for the five factors
         * of a signature block, and two runs of three a table load (llvm-mca
         * cycles per 8 x 5 by three 5 x 5: 40 against 69 gathering them on
         * cortex-a72, 89 against 138 on cortex-a55, 20 against 27.5 on
         * neoverse-n1; on cortex-a55 snova-r3-v-b verification takes 11.2%
         * fewer cycles so than by the row patterns of its 6 x 5 factors,
         * which it took before) */
        chosen.rowdot_ptll = SNOVA_NEON_PTBLI(SNOVA_NEON_TBL_ROWS, SNOVA_L);
        chosen.interleave_runs = snova_gf16m_interleave_runs_r5;
#else
        chosen.rowdot_ptll = SNOVA_NEON_PTBL(SNOVA_NEON_TBL_ROWS, SNOVA_L);
#endif
#if SNOVA_L == 4
        /* eight right factors a table load where loads cost most: the
         * in-order little cores, whose only load pipe a 16-byte load holds
         * two cycles, pairing with no vector work (llvm-mca cycles per eight
         * by 24 x 4 on cortex-a55: 413 against 488 in runs of four;
         * snova-r3-iii-b verification 4.2% faster), and Cortex-A57/A72,
         * where a pair of them is three uops (215 against 220; 0.7%). The
         * extra band loses on the others (apple-a15: 80 against 75). */
        if (snova_wide_runs_pay(midr))
            chosen.rowdot_ptll = SNOVA_NEON_PTBLW(SNOVA_NEON_TBL_ROWS, SNOVA_L);
        /* verification's public matrices whole, unpacked into runs whose rows
         * load as they are (llvm-mca cycles per run of eight by 8 x 4:
         * cortex-a72 64 against 72, neoverse-n1 32 against 36, apple-a15 21.4
         * against 26.7, cortex-a55 127 against 123, where the whole matrices'
         * fewer leftovers still make snova-r3-i-k verification 8.9% faster
         * than by quadrants; by the stacked 24 x 4: 192 against 215, 96 against
         * 105, 64 against 75, 381 against 381) */
        chosen.unpack_runs = snova_gf16m_unpack_runs_r4;
        chosen.rowdot_ptlr = SNOVA_NEON_PTBLWI(SNOVA_NEON_TBL_ROWS, SNOVA_L);
#endif
        /* the equations' sums of Z by their weights' pair tables (llvm-mca cycles
         * per 8 x 8 Z_ab and term: 6.1 against 14 by PMUL on cortex-a55, 4.0
         * against 8.6 on cortex-a72, 2.0 against 9.0 on neoverse-n1) */
        chosen.rowdot_wsum = SNOVA_NEON_WSUM(SNOVA_NEON_RSQ);
#if SNOVA_Z_TRANSPOSED
        /* the Z sums by the same pair tables, T read transposed (for r = 8 per
         * four 8 x 4 by 4 x 8 products, against Yt's replicas below: 44 against
         * 134 llvm-mca cycles on neoverse-n1, 24 against 64 on apple-a15, 100
         * against 142 on cortex-a72, 142 against 210 on cortex-a55; l = 5,
         * against the PMUL products: snova-r3-v-b verification 5.9% to 9.9%
         * fewer estimated cycles, v-s 2.5% to 9.3%) */
        chosen.rowdot_ptzt = SNOVA_NEON_PTBLT(SNOVA_NEON_TBL_ROWS, SNOVA_L, SNOVA_R);
#if SNOVA_Z_RUNS
        /* T's transposes gathered once per k into runs instead of once per k and
         * b (llvm-mca cycles per k and b for r = 6: 60 against 105 on
         * cortex-a72, 30 against 45 on neoverse-n1, 20 against 23.4 on
         * apple-a15, the runs' 25 / 9.5 / 7 per run of two once per k on top;
         * snova-r3-v-k verification -4.0% / -2.8% / -1.0%, v-b -2.6% / -1.3% /
         * -0.3%), except on the in-order little cores, where the products cost
         * the same either way (127 cycles on cortex-a55) and the runs come on
         * top (v-b +0.9%) */
        if (!snova_little_core(midr)) {
            chosen.rowdot_ptzt = SNOVA_NEON_ZT_RUNS(SNOVA_R, SNOVA_L);
            chosen.interleave_zt = SNOVA_NEON_ZT_INTERLEAVE(SNOVA_R, SNOVA_L);
        }
#endif
        chosen.transpose_rr = SNOVA_NEON_TRANSPOSE(SNOVA_R);
#endif
#endif
        /* Rank 3's PMUL products fill 9 of 16 lanes: its lookups pay on every core,
         * those of the other ranks only where snova_tables_pay says (llvm-mca cycles
         * per 3 x 3 product by T12 on cortex-a72: 4.8 by tables, 9.7 by PMUL) */
        if (SNOVA_L == 3 || snova_tables_pay(midr)) {
            chosen.gf16_mul_tables = snova_gf16m_mul_tables;
            chosen.rowdot_rtbl = SNOVA_NEON_RTBL(SNOVA_L);
            chosen.rowdot_tsq = SNOVA_NEON_TBL(SNOVA_L, SNOVA_L);
#if SNOVA_ROUND == 3 && !SNOVA_NEON_PAIRED
            chosen.rowdot_tll = SNOVA_NEON_TBL(SNOVA_NEON_TBL_ROWS, SNOVA_L);
#elif SNOVA_QUAD_STACKED
            /* the stacked (l l) x l factors of the quadratic forms (snova_square.h) */
            chosen.rowdot_tll = SNOVA_NEON_TBL(SNOVA_NEON_LSQ, SNOVA_L);
#endif
        }
        else if (snova_replicas_pay(midr)) {
#if SNOVA_L == 4
            chosen.rowdot_rrep = snova_gf16m_rowdot_rrep_r4;
#if SNOVA_ROUND == 3 && SNOVA_R != SNOVA_L
            chosen.rowdot_rll_rep = SNOVA_NEON_SHAPE_FN(rowdot_rrep, SNOVA_R, SNOVA_L, SNOVA_L);
#endif
#endif
        }
#if SNOVA_ROUND == 3 && SNOVA_R == 8
        /* G2's products by the r = 8 sets' l x 8 Yt, replicated once a
         * signature, on every core (the Z sums go by pair tables, rowdot_ptzt
         * above) */
        chosen.rowdot_llr_rep = SNOVA_NEON_SHAPE_FN(rowdot_rrep, SNOVA_L, SNOVA_L, SNOVA_R);
#endif
        chosen.gf16_solve = snova_gf16_solve;
    }
    if (aes) {
        chosen.aes128_ctr_prng = snova_aes128_ctr_prng;
        chosen.aes256_ecb = snova_aes256_ecb;
    }
    /* SNOVA_BENCH_C_KECCAK (set only by tools/bench/bench.mk's aarch64-neon-ckeccak
     * build, never by a shipped one) keeps the portable C Keccak-f[1600], so that the
     * benchmark can weigh the generated Keccak kernels against it in one build. */
#ifndef SNOVA_BENCH_C_KECCAK
    snova_keccak_kernels_for_cpu(&chosen, hwcap, midr);
#endif
    chosen.name = names[simd][aes];
    return chosen;
}

struct snova_kernels snova_kernels_for_hwcap(unsigned long hwcap)
{
    return snova_kernels_for_cpu(hwcap, snova_read_midr(hwcap));
}
