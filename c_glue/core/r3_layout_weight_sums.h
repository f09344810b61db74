/* Round 3 core (snova_r3.c), layout "weight sums": the plan's
 * SNOVA_PLAN_ROWDOT_PTBL_WSUM (kernels.h rowdot_ptbl_wsum). Each term's sum
 * sum_{a,b} q1[a] q2[b] Z_ab is made for all the terms of a public matrix at
 * once, in runs of WEIGHT_RUN terms, through the pair tables of two terms'
 * weights of each Z_ab, made once with the constant part. Its room: struct abq
 * wtab, runs, slot and quad_ws.wsums. */
#ifndef SNOVA_R3_LAYOUT_WEIGHT_SUMS_H
#define SNOVA_R3_LAYOUT_WEIGHT_SUMS_H

#define WEIGHT_SUMS(k) (SNOVA_PLAN_ROWDOT_PTBL_WSUM && (k)->rowdot_ptbl_wsum != NULL)

/* t->wtab, t->runs and t->slot from the weights (z_weights), public matrix by
 * matrix, its terms in the equations' order */
static void weight_tables(kern_t *k, struct abq *t) {
    uint8_t product[16][16]; /* product[w][y] = w y, the table of weight w */
    int count[M1] = { 0 };
    for (int w = 0; w < 16; w++)
        for (int y = 0; y < 16; y++)
            product[w][y] = gf16_mul((uint8_t)w, (uint8_t)y);
    for (int term = 0; term < NTERMS; term++) {
        const int i = (term / ALPHA + term % ALPHA) % M1, n = count[i]++;
        const uint8_t *weights = z_weights(k, t, term);
        t->slot[term] = (uint16_t)(i * WEIGHT_RUNS * WEIGHT_RUN + n);
        for (int z = 0; z < L * L; z++) {
            uint8_t *tab = t->wtab[i][n / WEIGHT_RUN][z][n % WEIGHT_RUN / 2];
            for (int y = 0; y < 16; y++)
                tab[y] |= (uint8_t)(product[weights[z]][y] << (4 * (n % 2)));
        }
    }
    for (int i = 0; i < M1; i++)
        t->runs[i] = (uint8_t)((count[i] + WEIGHT_RUN - 1) / WEIGHT_RUN);
}

/* every term's sum into w->wsums (at c->slot) from every public matrix's Z, a
 * public matrix's runs of terms at a time */
static SNOVA_ALWAYS_INLINE void sum_weights(kern_t *k, struct quad_ws *w, const struct abq *c) {
    memset(w->wsums, 0, sizeof(w->wsums));
    for (int i = 0; i < M1; i++)
        for (int run = 0; run < c->runs[i]; run++)
            k->rowdot_ptbl_wsum(w->wsums[(i * WEIGHT_RUNS + run) * WEIGHT_RUN], c->wtab[i][run][0][0],
                                WEIGHT_RUN / 2 * TABLE, w->Z[i][0], RSQ, L * L, 1);
}

#endif
