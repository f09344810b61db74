"""Weighted sums of whole matrices by pair tables: SNOVA Round 3's equations
weigh the l² sums Z_ab of a public matrix by constant weights, one set per term
(Σ_ab q1[a] q2[b] Z_ab), and every public matrix meets about o·α / m1 terms.
With the weights fixed for every key, the pair table of two terms' weights of
each Z_ab (tab[y] = w0·y | w1·y << 4, tables.py) is made once, and each term's
sum is two products a TBL: for a run of p terms, per Z_ab, its s bytes loaded
once (16-byte pieces, tables.pieces) and one TBL and one EOR per pair of terms
and piece, where the scaled-sum kernel (gf16m_dot_1x1x<s>) loaded every Z_ab
again for every term and multiplied by PMUL. The sums stay packed in registers
across the loop over the Z_ab, term 2q in the low nibbles and 2q + 1 in the
high ones, and are parted (AND, USHR) after it. The tables are indexed by the
matrices' elements in registers, never memory by data: constant time."""
from __future__ import annotations

from .tables import LOW_NIBBLES, TABLE, part, pieces, rowdot_tables_name


def describe_rowdot_pair_weights(b, p, s):
    """acc[c] += Σ_{k < count} X_k·Y_k[c] for c < n, X_k p×1 (p even) given as the
    pair tables of its p/2 pairs of elements at tab + k·tstride (16 bytes a
    pair), Y_k[c] 1×s at y + k·ystride + s·c, acc[c] p×s at acc + p·s·c.
    s >= 16; count >= 1; n may be 0."""
    acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count, n = b.params
    view, starts = pieces(s)
    assert view == "q" and p % 2 == 0, (p, s)
    pairs = p // 2
    done = b.block_label("done")
    b.cbz(n, done)
    column = b.start_block("column")
    sums = [[b.movi(0) for _ in starts] for _ in range(pairs)]
    tk, yk, k = b.mov_x(tab_ptr), b.mov_x(y_ptr), b.mov_x(count)
    loop = b.start_block("loop", mca_region=rowdot_tables_name(1, p, paired=True, s=s))
    row = [b.load(view, yk, start) for start in starts]
    for q in range(pairs):
        table = b.load("q", tk, q * TABLE)
        for piece, value in enumerate(row):
            b.eor(sums[q][piece], b.tbl(table, value), dst=sums[q][piece])
    b.gop("add", "x", yk, y_stride, dst=yk)
    b.gop("add", "x", tk, t_stride, dst=tk)
    b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("column_store")
    mask = b.movi(LOW_NIBBLES)
    for q in range(pairs):
        halves = [part(b, packed, mask) for packed in sums[q]]
        for term in range(2):
            # a result's pieces are all loaded before any is stored (the last may overlap)
            base = (2 * q + term) * s
            totals = [b.eor(b.load(view, acc_ptr, base + start), halves[piece][term])
                      for piece, start in enumerate(starts)]
            for start, total in zip(starts, totals):
                b.store(view, total, acc_ptr, base + start)
    b.gop_imm("add", "x", acc_ptr, p * s, dst=acc_ptr)
    b.gop_imm("add", "x", y_ptr, s, dst=y_ptr)
    b.gop_imm("subs", "x", n, 1, dst=n, sets_flags=True)
    b.b_cond("ne", column)
    b.start_block("done")
    b.ret()
