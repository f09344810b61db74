"""GF(16) products by table lookup: a left factor given as the product table of
each of its elements multiplies right factors with TBL instead of PMUL.

Where one left factor X meets many right factors (SNOVA's public map: the same
X^t S^a for every public matrix and every block column), the table
tab_s[y] = s·y (16 bytes) of each element s of X is made once (mul_tables) and
every product after that is TBL + EOR: TBL issues on two vector pipes on the
Cortex-A72 and Neoverse N1, where PMUL has one, and its results are already
reduced. The tables are made in registers by PMUL and one reduction, never by
a lookup indexed by data, and the product kernel indexes them by the right
factor's elements in registers (TBL): constant time.

Right factors are 4×4 (l = 4). LD4 de-interleaves four consecutive ones
(64 bytes) so that register m holds row m of all four, lane 4c + j = Y_c[m][j];
row i of the four results is then Σ_m TBL(tab_X[i][m], row m): 16 lanes, four
matrices × four columns, in four TBLs. The sums of a run of right factors stay
in registers across the loop over k, one register per row of the left factor
per four right factors, in the same lane order: result rows i..i+3 of matrix c
are the 16 bytes LD4/ST4 move as lane c of four registers.

Products are nibbles, so one table can hold two: the pair table of rows 2q and
2q + 1 of X, tab[y] = X[2q][m]·y | X[2q+1][m]·y << 4 (mul_pair_tables), makes
each TBL two products, and EOR sums both nibbles at once (GF(16) addition is
XOR, which never carries between nibbles). The paired rowdot (`paired`) packs
its sums the same way, row 2q in the low nibbles and 2q + 1 in the high ones:
half the TBLs, EORs, table loads and sum registers of the plain form, and a
band of rows twice as tall; the sums are packed (SLI) before the loop over k and
parted (AND, USHR) after it."""
from __future__ import annotations

from ..builder import ACCESS_BYTES
from .matrix import POLY, reduce_mod_poly, xor_tree

L = 4                   # the right factors are L×L: a row is one 32-bit lane
TABLE = 16              # bytes of one element's product table
RAMP = bytes(range(16))  # y = 0..15: s·RAMP is s's table
NIBBLE = 4                # bits of a GF(16) element: a pair table's second product sits this far up
LOW_NIBBLES = 0x0F


def describe_mul_tables(b):
    """tab[16e + y] = x[e]·y for e < n, y < 16: LD1R puts x[e] in every lane, one
    PMUL by 0..15 and one reduction make its table. Four elements per iteration
    of the main loop, one LD4R for the four (one pointer update: a chain of
    post-indexed LD1Rs would serialize on it), the rest one at a time. n may be 0."""
    tab_ptr, x_ptr, n = b.params
    ramp = b.load_literal("q", b.constant("ramp", RAMP))
    poly = b.movi(POLY)

    def one_table(s):
        b.store_post("q", reduce_mod_poly(b, b.pmul(s, ramp), "16b", poly), tab_ptr, TABLE)

    groups = b.gop_imm("lsr", "x", n, 2)
    rest = b.gop_imm("and", "x", n, 3)
    singles = b.block_label("singles")
    b.cbz(groups, singles)
    loop = b.start_block("loop", mca_region="gf16m_mul_tables")
    for s in b.load4_replicated(x_ptr, 4, "16b"):
        one_table(s)
    b.gop_imm("subs", "x", groups, 1, dst=groups, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("singles")
    done = b.block_label("done")
    b.cbz(rest, done)
    single = b.start_block("single")
    one_table(b.load_replicated_step("16b", x_ptr, 1))
    b.gop_imm("subs", "x", rest, 1, dst=rest, sets_flags=True)
    b.b_cond("ne", single)
    b.start_block("done")
    b.ret()


def pair_tables_name(l, rows=None):
    """The pair tables' maker for rows of l elements (rank 4's unsuffixed), or for
    whole matrices of an odd number of `rows` (their last row paired with zeros)."""
    if rows is not None and rows % 2:
        return f"gf16m_mul_pair_tables_{rows}x{l}"
    return "gf16m_mul_pair_tables" + ("" if l == L else f"_r{l}")


def rowdot_tables_name(l, p, paired=False, s=None, transposed=False, wide=False, interleaved=False):
    """The table-form rowdots' names, gf16m_rowdot_<form>_<p>x<l>x<s> (s = l unless
    given): tbl, ptbl (pair tables), ptblt (pair tables, right factors
    transposed), ptblw (pair tables in wide runs, tables.WIDE_RUN), ptbli (pair
    tables, right factors interleaved in runs, tables_gather.py); kernel and mca
    region alike."""
    form = ("ptbl" if paired else "tbl") + ("t" if transposed else "") + ("w" if wide else "")
    form += "i" if interleaved else ""
    return f"gf16m_rowdot_{form}_{p}x{l}x{s or l}"


def part(b, pair, mask, dst=(None, None)):
    """(row 2q, row 2q + 1) of a packed sum: its low nibbles (AND with `mask`, a
    register of LOW_NIBBLES) and its high ones (USHR), the high first so that
    the low may go over `pair` itself."""
    high = b.shift("ushr", pair, NIBBLE, "16b", dst=dst[1])
    return b.vop("and", "16b", pair, mask, "vec_logic", dst=dst[0]), high


def describe_mul_pair_tables(b, l=L, rows=None):
    """tab[16lq + 16m + y] = x[2lq+m]·y | x[2lq+l+m]·y << 4 for q < n, m < l,
    y < 16: the tables of rows 2q and 2q + 1 of a matrix of l-element rows
    (l = 4 or 5), column by column, packed two to a byte (the paired rowdots').
    Given an odd number of `rows`, n counts matrices of that many rows instead,
    one after the other, and the last row of each is paired with a zero row: its
    tables alone, (rows + 1) / 2 pairs' worth of bytes a matrix. Per row, an
    LD4R (and an LD1R for a fifth element) puts its elements in every lane; each
    pair of tables is made as mul_tables makes one, and SLI packs them. n may
    be 0."""
    tab_ptr, x_ptr, n = b.params

    def row():
        elements = b.load4_replicated(x_ptr, L, "16b")
        return elements + [b.load_replicated_step("16b", x_ptr, 1) for _ in range(l - L)]
    ramp = b.load_literal("q", b.constant("ramp", RAMP))
    poly = b.movi(POLY)

    def table(s):
        return reduce_mod_poly(b, b.pmul(s, ramp), "16b", poly)

    def pairs_loop(count, name, region):
        loop = b.start_block(name, mca_region=region)
        low, high = row(), row()
        for s, t in zip(low, high):
            packed = b.shift_insert("sli", table(s), table(t), NIBBLE, "16b")
            b.store_post("q", packed, tab_ptr, TABLE)
        b.gop_imm("subs", "x", count, 1, dst=count, sets_flags=True)
        b.b_cond("ne", loop)

    done = b.block_label("done")
    if l == L and (rows is None or rows % 2 == 0):
        # four pairs a group by doubling, the n mod 4 left over one by one
        groups, left = b.gop_imm("lsr", "x", n, 2), b.gop_imm("and", "x", n, GROUP_PAIRS - 1)
        tail = b.block_label("tail")
        b.cbz(groups, tail)
        loop = b.start_block("groups", mca_region=pair_tables_name(l))
        tables = group_tables(b, x_ptr)
        for first in range(0, len(tables), 2):
            b.store_pair("q", tables[first], tables[first + 1], tab_ptr, first * TABLE)
        b.gop_imm("add", "x", tab_ptr, GROUP_PAIRS * L * TABLE, dst=tab_ptr)
        b.gop_imm("subs", "x", groups, 1, dst=groups, sets_flags=True)
        b.b_cond("ne", loop)
        b.start_block("tail")
        b.cbz(left, done)
        pairs_loop(left, "loop", None)
    elif rows is None or rows % 2 == 0:
        b.cbz(n, done)
        pairs_loop(n, "loop", pair_tables_name(l))
    else:
        b.cbz(n, done)
        matrix = b.start_block("matrix")
        pairs_loop(b.mov_imm(rows // 2), "pairs", pair_tables_name(l, rows))
        b.start_block("last_row")
        for s in row():
            b.store_post("q", table(s), tab_ptr, TABLE)
        b.gop_imm("subs", "x", n, 1, dst=n, sets_flags=True)
        b.b_cond("ne", matrix)
    b.start_block("done")
    b.ret()


# Row pairs of 4-element rows whose 16 pair tables describe_mul_pair_tables makes
# at once (group_tables)
GROUP_PAIRS = 4


def times_x(b, packed, ones, rest):
    """Both nibbles of every byte times x in GF(16) (x^4 + x + 1): shifted up one
    bit within the nibble, x^4 (the top bit) folded back as x + 1. ones: a
    register of 0x11, rest: of 0xEE."""
    top = b.vop("and", "16b", b.shift("ushr", packed, NIBBLE - 1), ones, "vec_logic")
    shifted = b.vop("and", "16b", b.shift("shl", packed, 1), rest, "vec_logic")
    return b.eor(b.eor(shifted, top), b.shift("shl", top, 1))


def transposed_bytes(b, rows):
    """The 16×16 bytes of 16 registers transposed (register t of the result holds
    byte t of every input, in order): TRN of bytes, halfwords, words, then
    doublewords, pairing registers 1, 2, 4 and 8 apart."""
    for size, arr in ((1, "16b"), (2, "8h"), (4, "4s"), (8, "2d")):
        out = list(rows)
        for y in range(16):
            if y // size % 2 == 0:
                out[y] = b.permute("trn1", rows[y], rows[y + size], arr)
                out[y + size] = b.permute("trn2", rows[y], rows[y + size], arr)
        rows = out
    return rows


def group_tables(b, x_ptr):
    """The 16 pair tables of the four row pairs at x_ptr (32 bytes; x_ptr moves
    past them), in order. LD2 parts the even rows from the odd ones, so that SLI
    packs lane 4q + m = x[2q][m] | x[2q+1][m] << 4; its products by y = 1, 2, 4,
    8 are doublings (times_x), by the other y sums of those; lane t of the
    register of y is table t's byte y, which a transpose puts in order. No
    multiplication, no lookup: constant time."""
    even, odd = b.load2(x_ptr, 2 * GROUP_PAIRS * L)
    doubled = [b.shift_insert("sli", even, odd, NIBBLE, "16b")]
    ones, rest = b.movi(0x11), b.movi(0xEE)
    for _ in range(NIBBLE - 1):
        doubled.append(times_x(b, doubled[-1], ones, rest))
    by_y = [b.movi(0)]
    for y in range(1, 16):
        top = 1 << (y.bit_length() - 1)
        by_y.append(doubled[top.bit_length() - 1] if y == top else b.eor(by_y[y - top], by_y[top]))
    return transposed_bytes(b, by_y)


# Right factors per run of the main loop: one LD4 fills the four row registers.
WIDTH = 4


def bands(p, band):
    """The left factor's rows r0..r0+rows-1 in bands of `band` rows (a multiple of 4)."""
    return [(r0, min(band, p - r0)) for r0 in range(0, p, band)]


class Sums:
    """The sums of a run of `width` (<= 4) right factors and rows r0..r0+rows-1 of
    the left factor: per block of four rows, the four registers LD4/ST4 fill lane
    by lane (lane c: matrix c of the run)."""

    def __init__(self, b, acc_ptr, p, r0, rows, width):
        self.b, self.acc_ptr, self.p, self.r0, self.width = b, acc_ptr, p, r0, width
        self.blocks = [None] * (rows // L)

    def pointer(self, c):
        """The address of row r0 of result matrix c of the run, in a register of its
        own (the lane loads and stores advance it)."""
        offset = c * self.p * L + self.r0 * L
        return self.b.gop_imm("add", "x", self.acc_ptr, offset) if offset else self.b.mov_x(self.acc_ptr)

    def whole(self):
        """p = 4 and four matrices: one 64-byte LD4/ST4."""
        return self.p == L and self.width == WIDTH

    def load(self):
        b = self.b
        if self.whole():
            self.blocks[0] = b.load4(self.acc_ptr)
            return
        for c in range(self.width):
            ptr = self.pointer(c)
            for blk in range(len(self.blocks)):
                post = TABLE if blk < len(self.blocks) - 1 else 0
                if c == 0:
                    self.blocks[blk] = b.load4_replicated(ptr, post)
                else:
                    b.load4_lane(self.blocks[blk], c, ptr, post)

    def store(self):
        b = self.b
        if self.whole():
            b.store4(self.blocks[0], self.acc_ptr)
            return
        for c in range(self.width):
            ptr = self.pointer(c)
            for blk in range(len(self.blocks)):
                b.store4_lane(self.blocks[blk], c, ptr, TABLE if blk < len(self.blocks) - 1 else 0)

    def row(self, i):
        """The register of row r0 + i."""
        return self.blocks[i // L][i % L]


def load_rows(b, yk, width, step, transposed=False):
    """Rows 0..3 of the run's right factors: LD4 for four, else LD4R of the first
    matrix (which defines the registers) and a lane load of each other. yk
    advances past them, then by `step` unless it is None (the rest of the stride
    to the next k). `transposed`: rows of their transposes, de-interleaved by
    bytes instead of words (lane 4c + j of register m = Y_c[j][m]), the lane
    loads a row at a time."""
    arr = "16b" if transposed else "4s"
    if width == WIDTH:
        rows = b.load4(yk, L * L * WIDTH, arr)
    elif transposed:
        rows = b.load4_replicated(yk, L, arr)
        for lane in range(1, L * width):
            b.load4_lane(rows, lane, yk, L, "b")
    else:
        rows = b.load4_replicated(yk, L * L)
        for c in range(1, width):
            b.load4_lane(rows, c, yk, L * L)
    if step is not None:
        b.gop("add", "x", yk, step, dst=yk)
    return rows


def interleaved_rows(b, yk, groups, step):
    """Rows 0..3 of each of a run's `groups` groups of four right factors as
    unpack_runs wrote them (one group: row m at 16m; two: row m of each at 32m
    and 32m + 16), loaded as they are. yk advances past them, then by `step`."""
    if groups == 1:
        rows = [load_tables(b, yk, 0, L)]
    else:
        pairs = [b.load_pair("q", yk, 2 * TABLE * m) for m in range(L)]
        rows = [[pair[g] for pair in pairs] for g in range(groups)]
    b.gop_imm("add", "x", yk, groups * WIDTH * L * L, dst=yk)
    b.gop("add", "x", yk, step, dst=yk)
    return rows


def groups_of(width, size=WIDTH):
    """A run's `width` right factors in groups of at most `size` (WIDTH: one LD4
    and one set of sum registers each)."""
    return [min(size, width - c) for c in range(0, width, size)]


def table_run(b, p, band, width, params, name, region, paired=False, transposed=False, interleaved=False):
    """acc[c] += Σ_k X_k·Y_k[c] for the `width` matrices at the current acc and y,
    band by band: the band's sums stay in registers across its loop over k; per
    k and row (row pair where `paired`), the four tables of the row (two LDP),
    and per group of four right factors four TBL and four EOR: a run of eight
    loads each table once for both its groups."""
    acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count = params
    # y walks the run's matrices with post-increments; the rest of the stride after
    step = b.gop_imm("sub", "x", y_stride, width * L * L)
    rows_per_sum = 2 if paired else 1
    for index, (r0, rows) in enumerate(bands(p, band)):
        suffix = "" if rows == p else f"_b{index}"
        groups = [Sums(b, b.gop_imm("add", "x", acc_ptr, g * WIDTH * p * L) if g else acc_ptr, p, r0, rows, w)
                  for g, w in enumerate(groups_of(width))]
        for sums in groups:
            sums.load()
        # L tables a sum: its row's, or its pair's
        first = r0 // rows_per_sum * L * TABLE
        tk = b.gop_imm("add", "x", tab_ptr, first) if first else b.mov_x(tab_ptr)
        if paired:
            accs = [[b.shift_insert("sli", sums.row(i), sums.row(i + 1), NIBBLE, "16b") for i in range(0, rows, 2)]
                    for sums in groups]
        else:
            accs = [[sums.row(i) for i in range(rows)] for sums in groups]
        yk, k = b.mov_x(y_ptr), b.mov_x(count)
        loop = b.start_block(name + suffix, mca_region=region and region + suffix)
        if interleaved and width % WIDTH == 0:
            ys = interleaved_rows(b, yk, len(groups), step)
        else:
            ys = [load_rows(b, yk, sums.width, step if g == len(groups) - 1 else None, transposed)
                  for g, sums in enumerate(groups)]
        for u in range(len(accs[0])):
            tables = [*b.load_pair("q", tk, u * L * TABLE), *b.load_pair("q", tk, u * L * TABLE + 2 * TABLE)]
            for group_accs, group_ys in zip(accs, ys):
                acc = group_accs[u]
                b.eor(acc, xor_tree(b, [b.tbl(t, y) for t, y in zip(tables, group_ys)], "16b"), dst=acc)
        b.gop("add", "x", tk, t_stride, dst=tk)
        b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
        b.b_cond("ne", loop)
        b.start_block(f"{name}{suffix}_store")
        if paired:
            mask = b.movi(LOW_NIBBLES)
            for sums, group_accs in zip(groups, accs):
                for q, acc in enumerate(group_accs):
                    # into the rows' own registers: ST4 stores them as the group LD4 made
                    part(b, acc, mask, dst=(sums.row(2 * q), sums.row(2 * q + 1)))
        for sums in groups:
            sums.store()


# Right factors per run of the wide paired form: its two groups of WIDTH share
# each table load. It is for the cores where loads cost most: the in-order little
# ones, whose only load pipe a 16-byte load holds two cycles without pairing with
# vector work (llvm-mca per eight right factors of 24x4x4 on cortex-a55: 413
# cycles, against 488 in runs of four), and Cortex-A72 (215 against 220); on the
# other out-of-order cores the extra band it takes loses (apple-a15: 80 against 75).
WIDE_RUN = 2 * WIDTH


def table_band(p, paired=False, width=WIDTH):
    """Rows per band: 8 sums, 4 rows of Y and the tables of two rows in flight fit
    the register file with room for the scheduler; paired, a sum holds two rows,
    and a wide run keeps 8 sums and 8 rows of Y."""
    if width > WIDTH:
        return min(p, 8)
    return min(p, 16 if paired else 8)


def describe_rowdot_tables(b, p, paired=False, transposed=False, wide=False, interleaved=False):
    """acc[c] += Σ_{k < count} X_k·Y_k[c] for c < n, X_k a p×4 matrix given as its
    4p product tables at tab + k·tstride (element (i, m)'s at 16(4i + m)) or,
    `paired` (p even), its 2p pair tables (rows 2q and 2q + 1, column m at
    16(4q + m)), Y_k[c] the 4×4 matrices at y + k·ystride + 16c (`transposed`:
    the transposes of those; `interleaved`, with `wide`: a row of them as
    unpack_runs writes it), acc[c] p×4 at acc + 4pc. Runs of four loop
    (`wide`: of eight, then one of four); the n mod 4 left over go in one run.
    count >= 1; n may be 0."""
    assert wide or not interleaved, "unpack_runs writes runs of eight"
    acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count, n = b.params
    params = (acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count)
    region = rowdot_tables_name(L, p, paired, transposed=transposed, wide=wide, interleaved=interleaved)
    run = WIDE_RUN if wide else WIDTH

    def emit_run(width, name, region=None):
        table_run(b, p, table_band(p, paired, width), width, params, name, region, paired, transposed,
                  interleaved)

    def advance(width):
        b.gop_imm("add", "x", acc_ptr, width * p * L, dst=acc_ptr)
        b.gop_imm("add", "x", y_ptr, width * L * L, dst=y_ptr)

    runs = b.gop_imm("lsr", "x", n, run.bit_length() - 1)     # n / run, a power of two
    after_full = b.block_label("quad" if wide else "partial")
    b.cbz(runs, after_full)
    full = b.start_block("full")
    emit_run(run, "full_k", region)
    advance(run)
    b.gop_imm("subs", "x", runs, 1, dst=runs, sets_flags=True)
    b.b_cond("ne", full)
    if wide:
        b.start_block("quad")
        b.tbz(n, 2, b.block_label("partial"))
        b.start_block("run4")
        emit_run(WIDTH, "run4_k")
        advance(WIDTH)
    leftover_run(b, n, "done", lambda width: emit_run(width, f"run{width}_k"))
    b.ret()


def leftover_run(b, n, after, emit_run):
    """The n mod 4 left over, in one run of that width (emit_run(width)): a TBL
    costs the same whatever lanes are in use, so one run of three beats runs of
    two and one. Starts block "partial" and ends by starting block `after`."""
    b.start_block("partial")
    end, two, one = b.block_label(after), b.block_label("run2"), b.block_label("bit0")
    b.tbz(n, 1, one)
    b.tbz(n, 0, two)
    b.start_block("run3")
    emit_run(3)
    b.b(end)
    b.start_block("run2")
    emit_run(2)
    b.b(end)
    b.start_block("bit0")
    b.tbz(n, 0, end)
    b.start_block("run1")
    emit_run(1)
    b.start_block(after)


# --- the fixed factor on the right ---------------------------------------------------
#
# X·T with T fixed (SNOVA's F12 = P11·T12 and P21·T12, T12 secret and made once per
# key): a TBL needs one table for all its lanes, so its lanes are the elements of a
# column of several left factors that meet the same T. Those are rows of the block
# matrix, a row stride apart, so four are loaded one by one and transposed in
# registers (UZP) into column m: lane 4t + i = X_t[i][m]. Column j of the four
# results is then Σ_m TBL(tab_T[m][j], column m), in the same lane order, and ZIPs
# turn the sums back into rows once, after the loop over k.

# Right factors (block columns c) per run: 16 sums, four columns of X and the four
# tables of one (c, m) in flight fit the register file.
RIGHT_WIDTH = 4


def columns_of(b, xs):
    """The columns of four 4×4 matrices (one per register, row-major): register m
    of the result holds lane 4t + i = xs[t][i][m]."""
    pairs = [(b.permute("uzp1", xs[0], xs[1]), b.permute("uzp2", xs[0], xs[1])),
             (b.permute("uzp1", xs[2], xs[3]), b.permute("uzp2", xs[2], xs[3]))]
    (even01, odd01), (even23, odd23) = pairs
    return [b.permute("uzp1", even01, even23), b.permute("uzp1", odd01, odd23),
            b.permute("uzp2", even01, even23), b.permute("uzp2", odd01, odd23)]


def rows_of(b, cols):
    """The inverse of columns_of: four row-major 4×4 matrices from their columns."""
    low02, high02 = b.permute("zip1", cols[0], cols[2]), b.permute("zip2", cols[0], cols[2])
    low13, high13 = b.permute("zip1", cols[1], cols[3]), b.permute("zip2", cols[1], cols[3])
    return [b.permute("zip1", low02, low13), b.permute("zip2", low02, low13),
            b.permute("zip1", high02, high13), b.permute("zip2", high02, high13)]


def right_table_run(b, width, group, name, region):
    """Rows r0..r0+3 and the `width` block columns at the current acc and tables:
    acc[r0 + t][c] += Σ_k X[r0 + t][k]·T_k[c], the sums in registers across the
    loop over k."""
    x_ptr, x_rows, tab_ptr, t_step, count, acc_rows = group
    sums = [[b.movi(0) for _ in range(L)] for _ in range(width)]
    xk, tk, k = b.mov_x(x_ptr), b.mov_x(tab_ptr), b.mov_x(count)
    loop = b.start_block(name, mca_region=region)
    cols = columns_of(b, [b.load("q", xk)] + [b.load_indexed("q", xk, step) for step in x_rows])
    for c in range(width):
        for m in range(L):
            offset = TABLE * (L * L * c + L * m)
            tables = [*b.load_pair("q", tk, offset), *b.load_pair("q", tk, offset + 2 * TABLE)]
            for j, table in enumerate(tables):
                b.eor(sums[c][j], b.tbl(table, cols[m]), dst=sums[c][j])
    b.gop_imm("add", "x", xk, L * L, dst=xk)
    b.gop("add", "x", tk, t_step, dst=tk)
    b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block(f"{name}_store")
    for c in range(width):
        for row, ptr in zip(rows_of(b, sums[c]), acc_rows):
            total = b.eor(b.load("q", ptr, c * L * L), row)
            b.store("q", total, ptr, c * L * L)


def in_runs(b, n, run, emit_run, advance, region):
    """Right factors 0..n-1 in runs of `run` (emit_run(run, name, region), then
    advance() moves the pointers on) and one run of the 1..run-1 left over (a TBL
    costs the same whatever lanes are in use). Ends by starting block "next"."""
    columns = b.mov_x(n)
    partial = b.block_label("partial")
    b.gop_imm("subs", "x", columns, run, sets_flags=True)
    b.b_cond("lo", partial)
    full = b.start_block("full")
    emit_run(run, "full_k", region)
    advance()
    b.gop_imm("sub", "x", columns, run, dst=columns)
    b.gop_imm("subs", "x", columns, run, sets_flags=True)
    b.b_cond("hs", full)
    b.start_block("partial")
    after = b.block_label("next")
    b.cbz(columns, after)
    for width in range(2, run):
        b.gop_imm("subs", "x", columns, width, sets_flags=True)
        b.b_cond("eq", b.block_label(f"run{width}"))
    for width in range(1, run):
        b.start_block(f"run{width}")
        emit_run(width, f"run{width}_k", None)
        if width < run - 1:
            b.b(after)
    b.start_block("next")


def pieces(size):
    """(view, first bytes) of the loads and stores covering exactly `size` bytes:
    16 at a time, the last ending at the last byte; 8 at a time below 16 bytes,
    4 below 8."""
    view, step = next((view, step) for view, step in (("q", 16), ("d", 8), ("s", 4)) if size >= step)
    return view, list(range(0, size - step, step)) + [size - step]


def holding(size, byte, among=None):
    """The first of the loads of pieces(size), or of those numbered in `among`,
    that holds `byte`; None if none does."""
    view, starts = pieces(size)
    step = ACCESS_BYTES[view]
    return next((p for p in (range(len(starts)) if among is None else among)
                 if starts[p] <= byte < starts[p] + step), None)


def gather(b, regs, indices):
    """TBL over the first four registers, EOR TBL over the rest (up to four more):
    indices[0] and indices[1] index each slice as one table (a group of registers)."""
    first = b.tbl(regs[:4] if len(regs) > 1 else regs[0], indices[0])
    if len(regs) <= 4:
        return first
    rest = regs[4:]
    return b.eor(first, b.tbl(rest if len(rest) > 1 else rest[0], indices[1]))


def load_tables(b, base, offset, count):
    """`count` consecutive tables at base + offset, in pairs (LDP) and one LDR for
    an odd count."""
    tables = []
    for m in range(0, count - 1, 2):
        tables += b.load_pair("q", base, offset + m * TABLE)
    if count % 2:
        tables.append(b.load("q", base, offset + (count - 1) * TABLE))
    return tables


def row_pointers(b, acc_ptr, acc_row, rows):
    """Registers pointing at rows 0..rows-1 of acc, acc_row bytes apart."""
    pointers = [b.mov_x(acc_ptr)]
    for _ in range(rows - 1):
        pointers.append(b.gop("add", "x", pointers[-1], acc_row))
    return pointers


def describe_rowdot_right_tables(b):
    """acc[r][c] += Σ_{k < count} X[r][k]·T_k[c] for r < rows (a multiple of 4) and
    c < n: X[r][k] the 4×4 matrix at x + r·xrow + 16k, T_k[c] given as the
    gf16m_mul_tables of its 16 elements at tab + 256(k·n + c), acc[r][c] at
    acc + 16(r·n + c). Four rows at a time; block columns in runs of RIGHT_WIDTH,
    the n mod RIGHT_WIDTH left over in one run of that width."""
    acc_ptr, x_ptr, x_row, tab_ptr, count, n, rows = b.params
    x_rows = [x_row, b.gop("add", "x", x_row, x_row)]
    x_rows.append(b.gop("add", "x", x_rows[1], x_row))
    acc_row = b.gop_imm("lsl", "x", n, 4)
    acc_group, x_group = b.gop_imm("lsl", "x", n, 6), b.gop_imm("lsl", "x", x_row, 2)
    t_step = b.gop_imm("lsl", "x", n, 8)
    groups = b.gop_imm("lsr", "x", rows, 2)
    done = b.block_label("done")
    b.cbz(groups, done)
    group_start = b.start_block("group")
    acc_rows = row_pointers(b, acc_ptr, acc_row, L)
    run_tab = b.mov_x(tab_ptr)
    group = (x_ptr, x_rows, run_tab, t_step, count, acc_rows)
    runs = b.gop_imm("lsr", "x", n, 2)
    partial = b.block_label("partial")
    b.cbz(runs, partial)
    full = b.start_block("full")
    right_table_run(b, RIGHT_WIDTH, group, "full_k", "gf16m_rowdot_rtbl_4x4x4")
    for ptr in acc_rows:
        b.gop_imm("add", "x", ptr, RIGHT_WIDTH * L * L, dst=ptr)
    b.gop_imm("add", "x", run_tab, RIGHT_WIDTH * L * L * TABLE, dst=run_tab)
    b.gop_imm("subs", "x", runs, 1, dst=runs, sets_flags=True)
    b.b_cond("ne", full)
    leftover_run(b, n, "next", lambda width: right_table_run(b, width, group, f"run{width}_k", None))
    b.gop("add", "x", acc_ptr, acc_group, dst=acc_ptr)
    b.gop("add", "x", x_ptr, x_group, dst=x_ptr)
    b.gop_imm("subs", "x", groups, 1, dst=groups, sets_flags=True)
    b.b_cond("ne", group_start)
    b.start_block("done")
    b.ret()
