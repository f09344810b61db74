/* Round 3 core (snova_r3.c), layout "public map in runs": the plan's
 * SNOVA_PLAN_UNPACK_RUNS (kernels.h unpack_runs, rowdot_ptbl_runs). Verification
 * takes each public matrix whole, its blocks unpacked from their nibbles into
 * runs, so that one rowdot call covers a public matrix in runs of eight blocks,
 * where by quadrants its leftovers cost more. Its room: struct verify_key whole,
 * and the keystream's scratch (VERIFY_SCRATCH_BYTES). */
#ifndef SNOVA_R3_LAYOUT_PUBLIC_RUNS_H
#define SNOVA_R3_LAYOUT_PUBLIC_RUNS_H

static int public_in_runs(kern_t *k) {
    return SNOVA_PLAN_UNPACK_RUNS && k->unpack_runs != NULL;
}

#define VERIFY_SCRATCH_BYTES (SNOVA_PLAN_UNPACK_RUNS ? SNOVA_PUB_BYTES : 1)

/* The public map into key->whole: each block row of a public matrix, [P11 P12]
 * or [P21 P22] (P11, P12, P21 from their keystream, P22 from the key), gathered
 * packed and unpacked into runs whole */
static void load_public_runs(kern_t *k, struct verify_key *key, const uint8_t keystream[SNOVA_PUB_BYTES],
                             const uint8_t *pk) {
    enum { PACKED = LSQ / 2 }; /* bytes of a packed block */
    const uint8_t *p11 = keystream, *p12 = p11 + offsetof(struct pubmap, P12) / 2,
                  *p21 = p11 + offsetof(struct pubmap, P21) / 2, *p22 = pk + SNOVA_PK_SEED_BYTES;
    uint8_t row[N * PACKED];
    for (int i = 0; i < M1; i++)
        for (int j = 0; j < N; j++) {
            const int top = j < V, r = top ? i * V + j : i * O + j - V;
            memcpy(row, (top ? p11 : p21) + (size_t)r * V * PACKED, V * PACKED);
            memcpy(row + V * PACKED, (top ? p12 : p22) + (size_t)r * O * PACKED, O * PACKED);
            k->unpack_runs(key->whole[i][j][0], row, N);
        }
}

#endif
