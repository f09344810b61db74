"""rowdot by 5×5 right factors kept as they are stored ("folded" form), for a
left factor of p rows of 5 (rank 5's square product; r×5 ones as second forms).

matrix.py replicates both factors of every term into C's layout: for 5×5
matrices that is ten TBLs per right factor and k (its rows, over two pieces),
which rowdot cannot share between right factors, and two-register TBLs cost
Cortex-A72 five pipe cycles each. Here Y keeps its own layout instead:

    lanes 0..14 of the first register: Y's rows 0-2 (bytes 0..14; lane 15 off);
    lanes 0..9 of the second: Y's rows 3-4 (bytes 15..24).

For row i of X, a register with X[i][t] in the lanes of Y's row t (the lanes
of both registers line up: lane 5u + j holds row u or u + 3, column j) times
these registers gives the terms X[i][t]·Y[t][j] of row i of C, still spread
over Y's rows. They are summed unreduced across k in one register per row of C
and right factor; after the loop, lanes 5u + j are folded onto lane j (two EXT,
two EOR), the five rows gathered into C's two pieces with one four-register TBL
each, added to acc, reduced and stored. Per product and k: ten PMULs as before,
no TBL on the right factor, and X's ten pattern TBLs (one register each,
from X's row loaded alone) shared by the run. No table in memory is indexed by
data: constant time.

Where X is fixed across many calls (the signature's factors U_ja = X_jᵗ S^a,
which meet every public matrix), its patterns are made once
(gf16m_fold_patterns, PATTERN_BYTES per row) and the patterned form of the
rowdot loads them instead: two loads in place of a load and two TBLs per row
and k, which moves the pattern work off the vector pipes that the PMULs
saturate on Cortex-A72 (llvm-mca: 81 → 64.5 cycles per k for 8×5, 60.5 → 49
for 6×5; Cortex-A55 116 → 93 and 90 → 74).
"""
from __future__ import annotations

from .matrix import NO_LANE, POLY, end_k_loop, load_piece, pieces, reduce_mod_poly, store_piece, xor_tree

RANK = 5
SUM_REGISTERS = 20        # at most this many registers hold a run's sums (rows of X times right factors)
HELD_WIDTH = 2            # runs this wide keep their right factors in registers across X's rows
BAND_ROWS = 16            # a band of C's rows short of all of them is a multiple of this: 80 bytes,
                          # whole 16-byte pieces, so no piece spans two bands
ROW_BYTES = 8             # each row of X is loaded as 8 bytes ...
FIRST_ROWS = 3            # Y's rows in the first register; the rest are in the second
SECOND_FROM = RANK * FIRST_ROWS   # the second register's first byte of Y
PATTERN_BYTES = 2 * 16    # a row's two pattern registers, as gf16m_fold_patterns stores them


def row_origin(i, rows):
    """(byte of X (rows × 5) the 8-byte load of row i starts at, lane of X[i][0]
    in it): the last row's load ends at X's last byte."""
    start = min(RANK * i, RANK * rows - ROW_BYTES)
    return start, RANK * i - start


def pattern_index(first_row, rows, lane0):
    """TBL index putting X[i][t] (at lane0 + t of row i's register) in lane
    5(t - first_row) + j for t in first_row..first_row+rows-1; other lanes read zero."""
    index = [lane0 + first_row + lane // RANK for lane in range(RANK * rows)]
    return bytes(index + [NO_LANE] * (16 - len(index)))


def pattern_indices(lane0):
    return (pattern_index(0, FIRST_ROWS, lane0), pattern_index(FIRST_ROWS, RANK - FIRST_ROWS, lane0))


def pattern_registers(b, lane0):
    """The pattern_indices(lane0), loaded from the literal pool."""
    return [b.load_literal("q", b.constant(f"pattern{lane0}_{half}", index))
            for half, index in enumerate(pattern_indices(lane0))]


def describe_fold_patterns(b):
    """pat + PATTERN_BYTES·i = the two pattern registers of row i of x (rows of
    five elements, rows >= 2), as the patterned rowdot loads them. Each row is
    one 8-byte load, the last one ending at x's last byte (row_origin)."""
    pat_ptr, x_ptr, rows = b.params
    out, row_ptr = b.mov_x(pat_ptr), b.mov_x(x_ptr)
    last_lane0 = ROW_BYTES - RANK
    patterns = {lane0: pattern_registers(b, lane0) for lane0 in sorted({0, last_lane0})}
    left = b.gop_imm("sub", "x", rows, 1)
    loop = b.start_block("row", mca_region="gf16m_fold_patterns")
    row = b.load_post("d", row_ptr, RANK)
    b.store_pair("q", *(b.tbl(row, index) for index in patterns[0]), out, PATTERN_BYTES, post=True)
    b.gop_imm("subs", "x", left, 1, dst=left, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("last")
    row = b.load("d", row_ptr, -last_lane0)
    b.store_pair("q", *(b.tbl(row, index) for index in patterns[last_lane0]), out)
    b.ret()


def gather_rows(pc):
    """The rows of C whose bytes piece pc holds (at most four: 16 bytes of 5-byte rows)."""
    return range(pc.offset // RANK, (pc.offset + pc.lanes - 1) // RANK + 1)


def gather_index(pc):
    """TBL index of piece pc of C over its folded rows f_first.. as one table:
    byte 5i + j is lane j of f_i, table lane 16(i - first) + j."""
    first = pc.offset // RANK
    index = [16 * (byte // RANK - first) + byte % RANK for byte in range(pc.offset, pc.offset + pc.lanes)]
    return bytes(index + [NO_LANE] * (16 - len(index)))


class FoldedRowdot:
    """The pieces every run shares: the index vectors, loaded once per call."""

    def __init__(self, b, shape, patterned=False):
        self.b = b
        self.rows = shape.p
        self.patterned = patterned
        self.patterns = None if patterned else pattern_registers(b, 0)
        self.bands = row_bands(self.rows, folded_width(self.rows, patterned))
        # per band, its pieces of C (offsets from the band's first byte) and their gather indices
        self.gathers, m = [], 0
        for first, last in self.bands:
            band = pieces(RANK * (last - first))
            self.gathers.append([(pc, b.constant(f"gather{m + t}", gather_index(pc))) for t, pc in enumerate(band)])
            m += len(band)

    def load_right(self, y_ptr, offset, next_follows):
        """Y's two registers: the second by one load at byte 15 when the next matrix
        of the run follows, else from byte 9 rotated down by EXT. Its lanes
        10..15 then hold other bytes, which the patterns leave out."""
        first = self.b.load("q", y_ptr, offset)
        if next_follows:
            return first, self.b.load("q", y_ptr, offset + SECOND_FROM)
        second = self.b.load("q", y_ptr, offset + RANK * RANK - 16)
        return first, self.b.ext(second, second, SECOND_FROM - (RANK * RANK - 16))

    def row_patterns(self, x_ptr, i):
        if self.patterned:   # two LDRs: an LDP of q registers takes Cortex-A55 six cycles
            return [self.b.load("q", x_ptr, PATTERN_BYTES * i + 16 * half) for half in range(2)]
        start, lane0 = row_origin(i, self.rows)
        row = self.b.load("d", x_ptr, start)
        if lane0:   # the last row, shifted down to lane 0: one set of index registers serves every row
            row = self.b.shift("ushr", row, 8 * lane0, arr="2d")
        return [self.b.tbl(row, index) for index in self.patterns]

    def fold(self, spread):
        """Row i of C (unreduced, lanes 0..4) from its terms spread over Y's rows."""
        b = self.b
        return b.eor(b.eor(spread, b.ext(spread, spread, RANK)), b.ext(spread, spread, 2 * RANK))

    def store(self, sums, gathers, acc_ptr, offset, poly):
        """acc += the rows of the run's product whose sums are `sums` (a band's:
        its pieces `gathers`, from acc + offset), reduced. All of acc's
        (overlapping) pieces are loaded before any is stored."""
        b = self.b
        rows = [self.fold(s) for s in sums]
        b.group(rows)
        totals = []
        for pc, label in gathers:
            table = [rows[i] for i in gather_rows(pc)]
            gathered = b.tbl(table if len(table) > 1 else table[0], b.load_literal("q", label), pc.arr)
            totals.append(b.eor(gathered, load_piece(b, acc_ptr, pc, offset), pc.arr))
        for total, (pc, _) in zip(totals, gathers):
            store_piece(b, reduce_mod_poly(b, total, pc.arr, poly), acc_ptr, pc, offset)

    def run(self, width, params, name, region):
        """acc[c] += Σ_k X_k·Y_k[c] for the `width` matrices at the current acc and
        y: one loop over k per band of rows."""
        b = self.b
        acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count = params
        for band, (first, last) in enumerate(self.bands):
            suffix = "" if len(self.bands) == 1 else f"_b{band}"
            sums = [[b.movi(0) for _ in range(first, last)] for _ in range(width)]
            xk, yk, k = b.mov_x(x_ptr), b.mov_x(y_ptr), b.mov_x(count)
            loop = b.start_block(name + suffix, mca_region=region and region + suffix)
            held = width <= HELD_WIDTH
            right = [self.load_right(yk, j * RANK * RANK, j < width - 1) for j in range(width)] if held else None
            for i in range(first, last):
                patterns = self.row_patterns(xk, i)
                for j in range(width):
                    factor = right[j] if held else self.load_right(yk, j * RANK * RANK, j < width - 1)
                    terms = [b.pmul(p, y) for p, y in zip(patterns, factor)]
                    b.eor(sums[j][i - first], xor_tree(b, terms, "16b"), dst=sums[j][i - first])
            end_k_loop(b, xk, x_stride, yk, y_stride, k, loop)
            b.start_block(f"{name}{suffix}_store")
            poly = b.movi(POLY)
            for j in range(width):
                self.store(sums[j], self.gathers[band], acc_ptr, RANK * (j * self.rows + first), poly)


def folded_width(rows, patterned=False) -> int:
    """Right factors per run of the main loop: the widest power of two whose sums
    fit SUM_REGISTERS; runs wider than HELD_WIDTH load each right factor again for
    every row of X (loads, off the vector pipes that the PMULs and TBLs share).
    The patterned form stops at HELD_WIDTH: its pattern loads and those reloads
    together bind Cortex-A55's load pipe (llvm-mca, 5×5: 46.8 cycles per product
    four wide, against 37.5 for the unpatterned form)."""
    width = 1
    while 2 * width * rows <= SUM_REGISTERS:
        width *= 2
    return min(width, HELD_WIDTH) if patterned else width


def row_bands(rows, width):
    """[first, last) ranges of the rows of X (and C) that one loop over k takes:
    all of them where their sums fit SUM_REGISTERS, else bands of a multiple of
    BAND_ROWS rows."""
    most = SUM_REGISTERS // width
    if rows <= most:
        return [(0, rows)]
    size = most // BAND_ROWS * BAND_ROWS
    return [(first, min(first + size, rows)) for first in range(0, rows, size)]


def folds(shape) -> bool:
    """The shapes whose only rowdot is the folded form: 5×5 by 5×5 (Round 3's
    stacked 25×5 left factor shares its replicated rows of Y between its five
    blocks, which pays better on neoverse-n1 and apple-a15; the r×5 ones have it
    as a second form, kernels/__init__.py FOLDED_PAIRS)."""
    return (shape.p, shape.q, shape.s, shape.ta, shape.tb) == (RANK, RANK, RANK, False, False)
