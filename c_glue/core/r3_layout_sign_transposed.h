/* Round 3 core (snova_r3.c), layout "signing transposed": where the quadratic
 * forms are stacked (square blocks) and signing makes G2 through W, with the
 * kernel table's rowdot_ptbl_zt, signing's products by the key's blocks go
 * through pair tables, each as its transpose.
 *
 * G2: W_k = sum_j P11[i][k][j] Yt[j] and P21 Yt have the key's blocks on the
 * left; transposed,
 *   W_kb^t = sum_j Ut[j][b] P11[i][k][j]^t,  (P21 Yt)_cb^t = sum_j Ut[j][b] P21[i][c][j]^t,
 * the left factors are the vinegar's Ut, whose pair tables quad_prepare has made,
 * and the right factors [P11; P21]'s blocks read transposed (rowdot_ptbl_zt), the
 * blocks standing in transposed places: row j of sign_key.p1t holds block j of
 * every row of P11, then of P21.
 * G1: sum_k T_AT(i, a, k) T12[k][c] has T on the left; T12's blocks, elements of
 * F16[S], are symmetric, so its transpose is sum_k T12[k][c] T_AT(i, a, k)^t: the
 * pair tables of T12's blocks, made with the key (L oil blocks stacked, the last
 * group padded with zero blocks), times T's blocks read transposed. Ut P12 has
 * the vinegar on the left already: Ut's stacked pair tables, every a at once.
 *
 * Its room: sign_key.p1t, .t12pt, .t12pt_made; sign_ws.wt, .g1c, .tt, .ttb. */
#ifndef SNOVA_R3_LAYOUT_SIGN_TRANSPOSED_H
#define SNOVA_R3_LAYOUT_SIGN_TRANSPOSED_H

/* whether signing with key takes this layout: where the kernel table has its
 * kernels and the key has T12's pair tables (not where it was prepared under a
 * kernel table without them) */
static int sign_transposed(kern_t *k, const struct sign_key *key) {
#if SIGN_TRANSPOSED_ROOM
    return Z_TRANSPOSED(k) && key->t12pt_made;
#else
    (void)k, (void)key;
    return 0;
#endif
}

/* key->p1t and key->t12pt from key->pm and key->T12 */
static void sign_transposed_key_part(kern_t *k, struct sign_key *key) {
#if SIGN_TRANSPOSED_ROOM
    for (int i = 0; i < M1; i++)
        for (int j = 0; j < V; j++) {
            for (int c = 0; c < V; c++)
                memcpy(key->p1t[i][j][c], key->pm.P11[i][c][j], LSQ);
            for (int c = 0; c < O; c++)
                memcpy(key->p1t[i][j][V + c], key->pm.P21[i][c][j], LSQ);
        }
    key->t12pt_made = k->mul_pair_tables != NULL;
    if (!key->t12pt_made)
        return;
    gf16m group[L];
    for (int j = 0; j < V; j++)
        for (int g = 0; g < T12_GROUPS; g++) {
            memset(group, 0, sizeof(group));
            for (int c = g * L; c < O && c < (g + 1) * L; c++)
                memcpy(group[c - g * L], key->T12[j][c], LSQ);
            k->mul_pair_tables(key->t12pt[j][g], group[0], PAIR_TABLE_UNITS(1));
        }
    SNOVA_WIPE(group);
#else
    (void)k, (void)key;
#endif
}

/* ws->g1[i] of public matrix i: T's part transposed into ws->tt ([group][a][c
 * within the group]), Ut P12 into ws->g1c ([c][a]), both in G1's place */
static SNOVA_ALWAYS_INLINE void g1_transposed(kern_t *k, struct sign_ws *ws, int i) {
#if SIGN_TRANSPOSED_ROOM
    struct quad_ws *w = &ws->qw;
    memset(ws->tt, 0, sizeof(ws->tt));
    for (int g = 0; g < T12_GROUPS; g++)
        k->rowdot_ptbl_zt(ws->tt[g][0][0], ws->key->t12pt[0][g], T12_GROUPS * PAIR_TABLE_BYTES, w->T[i][0][0],
                          L * LR, V, L);
    k->transpose_rr(ws->ttb[0][0][0], ws->tt[0][0][0], T12_GROUPS * L * L);
    memset(ws->g1c, 0, sizeof(ws->g1c));
    ut_rowdot(k, w, ws->g1c[0][0], 0, 0, right_factors(k, w, ws->key->pm.P12[i][0][0], O * LSQ, V, O), O * LSQ, V, O,
              0);
    for (int a = 0; a < L; a++)
        for (int c = 0; c < O; c++)
            for (int e = 0; e < LR; e++)
                ws->g1[i][a][c][e] = (uint8_t)(ws->g1c[c][a][e] ^ ws->ttb[c / L][a][c % L][e]);
#else
    /* the room is not there: never reached (sign_transposed is 0) */
    (void)k, (void)ws, (void)i;
#endif
}

/* ws->g2[i] of public matrix i (t12tab: T12 as t12_tables makes it, or NULL):
 * every W_kb^t and (P21 Yt)_cb^t in one product of Ut's stacked pair tables;
 * transposed back, P21 Yt is G2's first part, laid out as G2 ([c][b]), and W the
 * right factor of T12's part, as where W is made directly. */
static SNOVA_ALWAYS_INLINE void g2_transposed(kern_t *k, struct sign_ws *ws, int i, const uint8_t *t12tab) {
#if SIGN_TRANSPOSED_ROOM
    memset(ws->wt, 0, sizeof(ws->wt));
    k->rowdot_ptbl_zt(ws->wt[0][0], PAIR_TABLES_AT(&ws->qw, 0, 0), PAIR_TABLE_BYTES, ws->key->p1t[i][0][0],
                      (V + O) * LSQ, V, V + O);
    k->transpose_rr(ws->W[0][0], ws->wt[0][0], V * L);
    k->transpose_rr(ws->g2[i][0][0], ws->wt[V][0], O * L);
    for (int oc = 0; oc < O; oc++)
        t12_column_rowdot(k, ws->g2[i][oc][0], ws->key->T12, t12tab, oc, ws->W[0][0], L * LR, L);
#else
    (void)k, (void)ws, (void)i, (void)t12tab;
#endif
}

#endif
