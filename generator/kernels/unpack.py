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
nibbles stores the elements in lane order. The leftover, the run of four and
the runs of eight from the last go in that order, each loaded before it is
stored: the output may overlap the input if it starts at or after it (an
unpack in place), as no store then reaches bytes not yet read."""
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
    """The run of `blocks` (eight or four) at x_ptr into its rows at out_ptr."""
    arr = "16b" if blocks == RUN else "8b"
    rows = b.load4(x_ptr, arr="8h" if blocks == RUN else "4h")
    for m, packed in enumerate(rows):
        b.store2(nibbles(b, packed, mask, arr), out_ptr, arr, post=blocks * L if m < L - 1 else 0)


def unpack_leftover(b, x_ptr, out_ptr, width, mask):
    """The `width` blocks at x_ptr as stored, in pieces, every piece loaded
    before any is stored (in place, a piece's elements cover the next piece's
    bytes)."""
    view, starts = pieces(width * PACKED_BLOCK)
    arr = "16b" if view == "q" else "8b"
    loaded = [(start, b.load(view, x_ptr, start)) for start in starts]
    for start, packed in loaded:
        out = b.gop_imm("add", "x", out_ptr, 2 * start) if start else out_ptr
        b.store2(nibbles(b, packed, mask, arr), out, arr)


def describe_unpack_runs(b):
    """out = the `rows` rows of n 4×4 blocks packed at x (row j's 8n bytes at x +
    8nj) in runs (the module's layout), row j at out + 16nj; from the last row to
    the first. Reads exactly the 8n·rows bytes, writes the 16n·rows; out may
    overlap x if it starts at or after x. n and rows may be 0."""
    out_ptr, x_ptr, n, rows = b.params
    mask = b.movi(LOW_NIBBLES)
    packed_row = b.gop_imm("lsl", "x", n, 3)
    out_row = b.gop_imm("lsl", "x", n, 4)
    x_end = b.gop("add", "x", x_ptr, b.mul(packed_row, rows))
    out_end = b.gop("add", "x", out_ptr, b.mul(out_row, rows))
    b.cbz(rows, b.block_label("done"))
    row = b.start_block("row")
    b.gop("sub", "x", x_end, packed_row, dst=x_end)
    b.gop("sub", "x", out_end, out_row, dst=out_end)
    unpack_row(b, out_end, x_end, n, mask)
    b.gop_imm("subs", "x", rows, 1, dst=rows, sets_flags=True)
    b.b_cond("ne", row)
    b.start_block("done")
    b.ret()


def unpack_row(b, out_ptr, x_ptr, n, mask):
    """One row of n blocks, its leftover first, then its run of four, then its
    runs of eight from the last; out_ptr and x_ptr kept."""
    # the blocks before the leftover, and where the leftover starts
    whole = b.gop_imm("lsl", "x", b.gop_imm("lsr", "x", n, 2), 2)
    x_left = b.gop("add", "x", x_ptr, b.gop_imm("lsl", "x", whole, 3))
    out_left = b.gop("add", "x", out_ptr, b.gop_imm("lsl", "x", whole, 4))

    leftover_run(b, n, "half", lambda width: unpack_leftover(b, x_left, out_left, width, mask))
    # the run of four after the runs of eight
    runs = b.gop_imm("lsr", "x", n, 3)
    x_run = b.gop("add", "x", x_ptr, b.gop_imm("lsl", "x", runs, 6))
    out_run = b.gop("add", "x", out_ptr, b.gop_imm("lsl", "x", runs, 7))
    b.tbz(n, 2, b.block_label("eights"))
    b.start_block("run4")
    unpack_run(b, x_run, b.mov_x(out_run), HALF_RUN, mask)
    b.start_block("eights")
    b.cbz(runs, b.block_label("row_done"))
    loop = b.start_block("full", mca_region="gf16m_unpack_runs_r4")
    b.gop_imm("sub", "x", x_run, RUN * PACKED_BLOCK, dst=x_run)
    b.gop_imm("sub", "x", out_run, RUN * BLOCK, dst=out_run)
    unpack_run(b, x_run, b.mov_x(out_run), RUN, mask)
    b.gop_imm("subs", "x", runs, 1, dst=runs, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("row_done")
