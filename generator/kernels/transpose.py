"""Transposes of r×r GF(16) matrices by TBL: Round 3's Z sums come out of the
paired form transposed (tables_gather.py's right factors read transposed), and
the equations take them as they are. The matrix's r² bytes are loaded exactly
(tables.pieces: one 16-byte register for r = 4, two overlapping ones for 5,
three for 6, a register group) and each 16-byte piece of the transpose is one
TBL over them, the indices loaded once, before the loop. The permutation is
fixed: constant time."""
from __future__ import annotations

from ..builder import ACCESS_BYTES
from .matrix import NO_LANE
from .tables import holding, pieces


def transpose_indices(r):
    """The TBL indices of each piece of the transpose: byte (j, i) of the result
    is x[i][j], taken from the first load that holds it."""
    view, starts = pieces(r * r)
    indices = []
    for start in starts:
        lanes = [NO_LANE] * 16
        for lane in range(ACCESS_BYTES[view]):
            j, i = divmod(start + lane, r)
            source = i * r + j
            load = holding(r * r, source)
            lanes[lane] = 16 * load + source - starts[load]
        indices.append(bytes(lanes))
    return indices


def describe_transpose(b, r):
    """out[c] = x[c]ᵗ for c < n, r×r matrices one after the other in both; n may
    be 0; out must not overlap x."""
    out_ptr, x_ptr, n = b.params
    view, starts = pieces(r * r)
    done = b.block_label("done")
    b.cbz(n, done)
    indices = [b.load_literal("q", b.constant(f"index{p}", data)) for p, data in enumerate(transpose_indices(r))]
    loop = b.start_block("loop", mca_region=f"gf16m_transpose_r{r}")
    loads = [b.load(view, x_ptr, start) for start in starts]
    if len(loads) > 1:
        b.group(loads)
    table = loads if len(loads) > 1 else loads[0]
    for start, index in zip(starts, indices):
        b.store(view, b.tbl(table, index), out_ptr, start)
    b.gop_imm("add", "x", x_ptr, r * r, dst=x_ptr)
    b.gop_imm("add", "x", out_ptr, r * r, dst=out_ptr)
    b.gop_imm("subs", "x", n, 1, dst=n, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("done")
    b.ret()
