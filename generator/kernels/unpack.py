"""The public map's 4×4 blocks from their packed nibbles straight into runs,
the layout the wide paired table rowdot reads without de-interleaving.

tables.py's rowdots want row m of four consecutive right factors in one
register (lane 4c + j = Y_c[m][j]); from blocks as stored that takes an LD4,
which holds the vector pipes of Cortex-A72 and Neoverse N1 as long as four
EORs, once for each of the l factors Xᵗ Sᵃ that meet a block. Unpacked into
runs once, the rows load with LDP instead.

A row of n blocks: ⌊n/8⌋ runs of eight, 128 bytes each, row m of its blocks
0..3 at 32m and of blocks 4..7 at 32m + 16 (the wide rowdot's two groups, one
LDP a row); then, where n mod 8 >= 4, a run of four, 64 bytes, row m at 16m;
then the n mod 4 left over as stored (the leftover loads read them so).

A block's packed row m is its bytes 2m and 2m + 1 (element 2t in the low
nibble of byte t), halfword m of the block: LD4 of halfwords puts row m of
every block of the run, packed, in register m, and ST2 of its low and high
nibbles stores the elements in lane order."""
from __future__ import annotations

from .tables import L, LOW_NIBBLES, NIBBLE, leftover_run, pieces

RUN = 8                         # blocks a run
HALF_RUN = RUN // 2             # the run of four after them
PACKED_BLOCK = L * L // 2       # bytes of a packed block
BLOCK = L * L                   # bytes of an unpacked one


def nibbles(b, packed, mask, arr):
    """(low nibbles, high nibbles) of `packed`'s bytes, a group for ST2."""
    pair = [b.vop("and", arr, packed, mask, "vec_logic"), b.shift("ushr", packed, NIBBLE, arr)]
    b.group(pair)
    return pair


def unpack_run(b, x_ptr, out_ptr, blocks, mask):
    """The run of `blocks` (eight or four) at x_ptr into its rows at out_ptr; both
    move past it."""
    arr = "16b" if blocks == RUN else "8b"
    rows = b.load4(x_ptr, blocks * PACKED_BLOCK, arr="8h" if blocks == RUN else "4h")
    for packed in rows:
        b.store2(nibbles(b, packed, mask, arr), out_ptr, arr, post=blocks * L)


def unpack_leftover(b, x_ptr, out_ptr, width, mask):
    """The `width` blocks at x_ptr as stored, in pieces (the last overlapping the
    one before it where the bytes do not fill whole pieces)."""
    view, starts = pieces(width * PACKED_BLOCK)
    arr = "16b" if view == "q" else "8b"
    for start in starts:
        out = b.gop_imm("add", "x", out_ptr, 2 * start) if start else out_ptr
        b.store2(nibbles(b, b.load(view, x_ptr, start), mask, arr), out, arr)


def describe_unpack_runs(b):
    """out = the row of n 4×4 blocks packed at x (8n bytes) in runs (the module's
    layout). Reads exactly the 8n bytes, writes the 16n; out must not overlap x.
    n may be 0."""
    out_ptr, x_ptr, n = b.params
    mask = b.movi(LOW_NIBBLES)
    runs = b.gop_imm("lsr", "x", n, 3)
    b.cbz(runs, b.block_label("half"))
    loop = b.start_block("full", mca_region="gf16m_unpack_runs_r4")
    unpack_run(b, x_ptr, out_ptr, RUN, mask)
    b.gop_imm("subs", "x", runs, 1, dst=runs, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("half")
    b.tbz(n, 2, b.block_label("partial"))
    b.start_block("run4")
    unpack_run(b, x_ptr, out_ptr, HALF_RUN, mask)
    leftover_run(b, n, "done", lambda width: unpack_leftover(b, x_ptr, out_ptr, width, mask))
    b.ret()
