/* Round 3 core (snova_r3.c), layout "interleaved runs": the plan's
 * SNOVA_PLAN_INTERLEAVE_RUNS (kernels.h interleave_runs). A block row of public
 * l x l blocks goes to ut_rowdot's right factors in runs of RUN_BLOCKS blocks of
 * 16 l bytes each, made once for the l factors that meet it. Its room:
 * quad_ws.runs. */
#ifndef SNOVA_R3_LAYOUT_INTERLEAVED_H
#define SNOVA_R3_LAYOUT_INTERLEAVED_H

#define INTERLEAVED_RUNS(k) (SNOVA_PLAN_INTERLEAVE_RUNS && (k)->interleave_runs != NULL)

/* the nj block rows of nc blocks at P (ystride bytes apart) into w->runs, each
 * row RUNS_BYTES(nc) bytes; returns w->runs */
static SNOVA_ALWAYS_INLINE const uint8_t *interleave_rows(kern_t *k, struct quad_ws *w, const uint8_t *P,
                                                          size_t ystride, int nj, int nc) {
    for (int j = 0; j < nj; j++)
        k->interleave_runs(w->runs + (size_t)j * RUNS_BYTES(nc), P + (size_t)j * ystride, (size_t)nc);
    return w->runs;
}

#endif
