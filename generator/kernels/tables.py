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
are the 16 bytes LD4/ST4 move as lane c of four registers."""
from __future__ import annotations

from dataclasses import dataclass

from .matrix import POLY, reduce_mod_poly, xor_tree

L = 4                   # the right factors are L×L: a row is one 32-bit lane
TABLE = 16              # bytes of one element's product table
RAMP = bytes(range(16))  # y = 0..15: s·RAMP is s's table


def describe_mul_tables(b, unroll=4):
    """tab[16e + y] = x[e]·y for e < n, y < 16: LD1R puts x[e] in every lane, one
    PMUL by 0..15 and one reduction make its table. `unroll` elements per
    iteration of the main loop, the rest one at a time. n may be 0."""
    tab_ptr, x_ptr, n = b.params
    ramp = b.load_literal("q", b.constant("ramp", RAMP))
    poly = b.movi(POLY)

    def one_table():
        s = b.load_replicated_step("16b", x_ptr, 1)
        b.store_post("q", reduce_mod_poly(b, b.pmul(s, ramp), "16b", poly), tab_ptr, TABLE)

    groups = b.gop_imm("lsr", "x", n, unroll.bit_length() - 1)
    rest = b.gop_imm("and", "x", n, unroll - 1)
    singles = b.block_label("singles")
    b.cbz(groups, singles)
    loop = b.start_block("loop", mca_region="gf16m_mul_tables")
    for _ in range(unroll):
        one_table()
    b.gop_imm("subs", "x", groups, 1, dst=groups, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("singles")
    done = b.block_label("done")
    b.cbz(rest, done)
    single = b.start_block("single")
    one_table()
    b.gop_imm("subs", "x", rest, 1, dst=rest, sets_flags=True)
    b.b_cond("ne", single)
    b.start_block("done")
    b.ret()


@dataclass(frozen=True)
class TablePlan:
    """Runs of `width` right factors (4 or 8) in the main loop; the left factor's
    rows in bands of `band` rows (a multiple of 4), each band a loop over k."""
    width: int
    band: int


def bands(p, band):
    return [(r0, min(band, p - r0)) for r0 in range(0, p, band)]


class Sums:
    """The sums of `width` right factors and rows r0..r0+rows-1 of the left factor:
    per group of four right factors, per block of four rows, the four registers
    LD4/ST4 fill lane by lane (lane c: matrix c of the group)."""

    def __init__(self, b, acc_ptr, p, r0, rows, width):
        self.b, self.acc_ptr, self.p, self.r0 = b, acc_ptr, p, r0
        self.width, self.blocks = width, rows // L
        self.regs = [[None] * self.blocks for _ in range((width + 3) // L)]

    def pointer(self, c):
        """The address of row r0 of result matrix c of the run, in a register of its
        own (the lane loads and stores advance it)."""
        offset = c * self.p * L + self.r0 * L
        return self.b.gop_imm("add", "x", self.acc_ptr, offset) if offset else self.b.mov_x(self.acc_ptr)

    def whole(self):
        """p = 4 and four matrices per group: one 64-byte LD4/ST4 per group."""
        return self.p == L and self.width % L == 0

    def load(self):
        b = self.b
        for g, per_block in enumerate(self.regs):
            if self.whole():
                per_block[0] = b.load4(b.gop_imm("add", "x", self.acc_ptr, g * 4 * L * L) if g else self.acc_ptr)
                continue
            for c in range(min(L, self.width - L * g)):
                ptr = self.pointer(L * g + c)
                for blk in range(self.blocks):
                    post = TABLE if blk < self.blocks - 1 else 0
                    if c == 0:
                        per_block[blk] = b.load4_replicated(ptr, post)
                    else:
                        b.load4_lane(per_block[blk], c, ptr, post)

    def store(self):
        b = self.b
        for g, per_block in enumerate(self.regs):
            if self.whole():
                b.store4(per_block[0], b.gop_imm("add", "x", self.acc_ptr, g * 4 * L * L) if g else self.acc_ptr)
                continue
            for c in range(min(L, self.width - L * g)):
                ptr = self.pointer(L * g + c)
                for blk in range(self.blocks):
                    b.store4_lane(per_block[blk], c, ptr, TABLE if blk < self.blocks - 1 else 0)

    def row(self, g, i):
        """The register of row r0 + i, group g."""
        return self.regs[g][i // L][i % L]


def load_rows(b, yk, width, step):
    """Rows 0..3 of the run's right factors per group of four: LD4 for a whole
    group, else LD4R of the first matrix (which defines the registers) and a lane
    load of each other. yk advances by `step` in all (the stride to the next k)."""
    groups = []
    for g in range((width + 3) // L):
        count = min(L, width - L * g)
        if count == L:
            groups.append(b.load4(yk, L * L * L))
        else:
            rows = b.load4_replicated(yk, L * L)
            for c in range(1, count):
                b.load4_lane(rows, c, yk, L * L)
            groups.append(rows)
    b.gop("add", "x", yk, step, dst=yk)
    return groups


def table_run(b, p, plan, width, params, name, region):
    """acc[c] += Σ_k X_k·Y_k[c] for the `width` matrices at the current acc and y,
    band by band: the band's sums stay in registers across its loop over k; per
    k and row, the four tables of the row (two LDP) and, per group of right
    factors, four TBL and four EOR."""
    acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count = params
    # y walks the run's matrices with post-increments; the rest of the stride after
    step = b.gop_imm("sub", "x", y_stride, width * L * L)
    for index, (r0, rows) in enumerate(bands(p, plan.band)):
        suffix = "" if rows == p else f"_b{index}"
        sums = Sums(b, acc_ptr, p, r0, rows, width)
        sums.load()
        tk = b.gop_imm("add", "x", tab_ptr, r0 * L * TABLE) if r0 else b.mov_x(tab_ptr)
        yk, k = b.mov_x(y_ptr), b.mov_x(count)
        loop = b.start_block(name + suffix, mca_region=region and region + suffix)
        groups = load_rows(b, yk, width, step)
        for i in range(rows):
            tables = [*b.load_pair("q", tk, i * L * TABLE), *b.load_pair("q", tk, i * L * TABLE + 2 * TABLE)]
            for g, ys in enumerate(groups):
                terms = [b.tbl(t, y) for t, y in zip(tables, ys)]
                acc = sums.row(g, i)
                b.eor(acc, xor_tree(b, terms, "16b"), dst=acc)
        b.gop("add", "x", tk, t_stride, dst=tk)
        b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
        b.b_cond("ne", loop)
        b.start_block(f"{name}{suffix}_store")
        sums.store()


def table_plan(p) -> TablePlan:
    """Runs of 4 right factors: the table loads (one per TBL) fit the load pipes,
    and a band of 8 rows keeps 8 sums, 4 rows of Y and the tables of two rows in
    flight within the register file."""
    return TablePlan(4, min(p, 8))


def describe_rowdot_tables(b, p, plan=None):
    """acc[c] += Σ_{k < count} X_k·Y_k[c] for c < n, X_k a p×4 matrix given as its
    4p product tables at tab + k·tstride (element (i, m)'s at 16(4i + m)), Y_k[c]
    the 4×4 matrices at y + k·ystride + 16c, acc[c] p×4 at acc + 4pc. Runs of the
    plan's width loop; the n mod width left over go in runs of 2 and 1, one per set
    bit of n. count >= 1; n may be 0."""
    acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count, n = b.params
    params = (acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count)
    plan = plan or table_plan(p)
    width = plan.width
    region = f"gf16m_rowdot_tbl_{p}x4x4"

    def advanced_run(w, name, reg=None):
        table_run(b, p, plan, w, params, name, reg)
        b.gop_imm("add", "x", acc_ptr, w * p * L, dst=acc_ptr)
        b.gop_imm("add", "x", y_ptr, w * L * L, dst=y_ptr)

    runs = b.gop_imm("lsr", "x", n, width.bit_length() - 1)
    after_full = b.block_label("partial")
    b.cbz(runs, after_full)
    full = b.start_block("full")
    advanced_run(width, "full_k", region)
    b.gop_imm("subs", "x", runs, 1, dst=runs, sets_flags=True)
    b.b_cond("ne", full)
    b.start_block("partial")
    while width > 1:
        width //= 2
        skip = b.block_label(f"after{width}")
        b.tbz(n, width.bit_length() - 1, skip)
        b.start_block(f"run{width}")
        advanced_run(width, f"run{width}_k")
        b.start_block(f"after{width}")
    b.ret()
