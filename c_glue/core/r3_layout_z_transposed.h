/* Round 3 core (snova_r3.c), layout "Z transposed": the plan's
 * SNOVA_PLAN_ROWDOT_PTBL_ZT, with SNOVA_PLAN_INTERLEAVE_TRANSPOSES (kernels.h
 * rowdot_ptbl_zt, interleave_transposes). Its room: quad_ws.zt, .tk, .ztruns;
 * the equations weigh Z in its order (struct abq pair[1]). */
#ifndef SNOVA_R3_LAYOUT_Z_TRANSPOSED_H
#define SNOVA_R3_LAYOUT_Z_TRANSPOSED_H

#define Z_TRANSPOSED(k) (SNOVA_PLAN_ROWDOT_PTBL_ZT && (k)->rowdot_ptbl_zt != NULL)

/* term t's weights of the Z_ab, in the order quad_z leaves Z: pair[0], or pair[1]
 * where Z is transposed */
static const uint8_t *z_weights(kern_t *k, const struct abq *c, int t) {
    if (Z_TRANSPOSED(k))
        return c->pair[SNOVA_PLAN_ROWDOT_PTBL_ZT][t];
    return c->pair[0][t];
}

/* Z[i] from T[i] for the n variables in use (quad_z). Z_ab^t = sum_k Ut[k][b]
 * T_AT(i, a, k)^t: the signature's factors' pair tables (quad_prepare) times T's
 * blocks read transposed, every a in one call, then every Z_ab^t transposed into
 * Z at Z_INDEX(b, a). Stacked, one call covers every b too ((l r) x r results);
 * else one call per b, over T copied k-major, whose transposes are first gathered
 * into runs where the kernel table has interleave_transposes (once per k, not
 * once per k and b). */
static SNOVA_ALWAYS_INLINE void z_transposed_products(kern_t *k, struct quad_ws *w, int i, int n) {
#if SNOVA_PLAN_ROWDOT_PTBL_ZT
    memset(w->zt, 0, sizeof(w->zt));
#if SNOVA_STACKED
    k->rowdot_ptbl_zt(w->zt[0], PAIR_TABLES_AT(w, 0, 0), FACTORS_PER_BLOCK * PAIR_TABLE_BYTES, w->T[i][0][0], L * LR,
                      (size_t)n, L);
#else
    for (int j = 0; j < n; j++)
        for (int a = 0; a < L; a++)
            memcpy(w->tk[j][a], T_AT(w, i, a, j), LR);
    const uint8_t *y = w->tk[0][0];
    size_t ystride = L * LR;
#if SNOVA_PLAN_INTERLEAVE_TRANSPOSES
    if (k->interleave_transposes != NULL) {
        for (int j = 0; j < n; j++) {
            const uint8_t *blocks = w->tk[j][0];
            k->interleave_transposes(w->ztruns[j], blocks, L);
        }
        y = w->ztruns[0];
        ystride = ZT_RUNS_BYTES;
    }
#endif
    for (int b = 0; b < L; b++)
        k->rowdot_ptbl_zt(w->zt[Z_INDEX(b, 0)], PAIR_TABLES_AT(w, 0, b), L * PAIR_TABLE_BYTES, y, ystride, (size_t)n,
                          L);
#endif
    k->transpose_rr(w->Z[i][0], w->zt[0], L * L);
#else
    /* the room is not there: never reached (Z_TRANSPOSED is 0) */
    (void)k, (void)w, (void)i, (void)n;
#endif
}

#endif
