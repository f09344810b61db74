"""Rank 5's products by a fixed right factor in table form (tables.py has rank
4's and the reasons for tables; tables_gather.py the fixed factor on the left):
F12 = P11·T12 and P21·T12 of key generation, T12 secret and made once per key.

A TBL needs one table for all its lanes, so its lanes are a column of left
factors that meet the same T: 16 lanes hold columns of three 5×5 blocks (lane
5t + i = X_t[i][m], lane 15 unused). Each block is loaded as two overlapping
registers (bytes 0..15 and 9..24: exactly its 25 bytes) and column m is
gathered by a four-register TBL (t = 0, 1) and a two-register one (t = 2).
Column j of the three results is then Σ_m TBL(tab_T[m][j], column m): 25 TBL +
25 EOR per right factor and k, already reduced. After the loop over k, TBLs
over the column sums turn each result back into rows. Tables are indexed by
registers, never memory by data: constant time."""
from __future__ import annotations

from .matrix import NO_LANE
from .tables import TABLE, in_runs, row_pointers

RANK = 5
BLOCK = RANK * RANK           # bytes of one factor
HIGH = BLOCK - 16             # the second register of a factor starts at byte 9
GROUP = 3                     # block rows per group: 3 × 5 lanes of 16
RUN = 3                       # block columns per run: 15 sums, 6 loads of X and the tables in flight
FACTOR_TABLES = BLOCK * TABLE  # bytes of the tables of one right factor


def _source(t, byte):
    """(register, lane) of a factor's byte in its two loads (0: bytes 0..15, 1: 9..24)."""
    return (0, byte) if byte < 16 else (1, byte - HIGH)


def column_indices(m):
    """The two TBL indices of column m: over (lo0, hi0, lo1, hi1) for t = 0, 1,
    over (lo2, hi2) for t = 2; each leaves the other's lanes (and lane 15) zero."""
    first, second = [NO_LANE] * 16, [NO_LANE] * 16
    for t in range(GROUP):
        for i in range(RANK):
            reg, lane = _source(t, RANK * i + m)
            if t < 2:
                first[RANK * t + i] = 16 * (2 * t + reg) + lane
            else:
                second[RANK * t + i] = 16 * reg + lane
    return bytes(first), bytes(second)


def row_indices(t, offset):
    """The TBL indices of bytes offset..offset+15 of result t (row-major) from its
    column sums: over sums 0..3 (column j at 16j) and over sum 4."""
    first, last = [NO_LANE] * 16, [NO_LANE] * 16
    for lane, byte in enumerate(range(offset, offset + 16)):
        i, j = divmod(byte, RANK)
        if j < 4:
            first[lane] = 16 * j + RANK * t + i
        else:
            last[lane] = RANK * t + i
    return bytes(first), bytes(last)


class RightTables5:
    """The index vectors every run shares (constants after the function)."""

    def __init__(self, b):
        self.b = b
        self.columns = [[b.constant(f"column{m}_{half}", index) for half, index in enumerate(column_indices(m))]
                        for m in range(RANK)]
        self.rows = {(t, offset): [b.constant(f"row{t}_{offset}_{half}", index)
                                   for half, index in enumerate(row_indices(t, offset))]
                     for t in range(GROUP) for offset in (0, HIGH)}

    def column(self, loads, m):
        b = self.b
        first, second = (b.load_literal("q", label) for label in self.columns[m])
        return b.eor(b.tbl(loads[:4], first), b.tbl(loads[4:], second))

    def add_results(self, sums, acc_rows, c):
        """acc's blocks (t, c) += the rows gathered from one right factor's column
        sums; each block's two (overlapping) pieces are loaded before either is stored."""
        b = self.b
        b.group(sums[:4])
        for t, ptr in enumerate(acc_rows):
            totals = []
            for offset in (0, HIGH):
                first, last = (b.load_literal("q", label) for label in self.rows[(t, offset)])
                gathered = b.eor(b.tbl(sums[:4], first), b.tbl(sums[4], last))
                totals.append(b.eor(gathered, b.load("q", ptr, c * BLOCK + offset)))
            for total, offset in zip(totals, (0, HIGH)):
                b.store("q", total, ptr, c * BLOCK + offset)

    def run(self, width, group, name, region):
        """Block rows r0..r0+2 and the `width` block columns at the current acc and
        tables: acc[r0 + t][c] += Σ_k X[r0 + t][k]·T_k[c], the sums in registers
        across the loop over k."""
        b = self.b
        x_ptr, x_offsets, tab_ptr, t_step, count, acc_rows = group
        sums = [[b.movi(0) for _ in range(RANK)] for _ in range(width)]
        xk, tk, k = b.mov_x(x_ptr), b.mov_x(tab_ptr), b.mov_x(count)
        loop = b.start_block(name, mca_region=region)
        loads = [b.load("q", xk)] + [b.load_indexed("q", xk, offset) for offset in x_offsets]
        b.group(loads[:4])
        b.group(loads[4:])
        # LDP reaches 1008 bytes: the third factor's tables from a pointer of their own
        bases = [(tk, FACTOR_TABLES * c) for c in range(min(width, 2))]
        if width > 2:
            bases.append((b.gop_imm("add", "x", tk, 2 * FACTOR_TABLES), 0))
        for m in range(RANK):
            column = self.column(loads, m)
            for c, (base, start) in enumerate(bases):
                offset = start + TABLE * RANK * m
                tables = [*b.load_pair("q", base, offset), *b.load_pair("q", base, offset + 2 * TABLE),
                          b.load("q", base, offset + 4 * TABLE)]
                for j, table in enumerate(tables):
                    b.eor(sums[c][j], b.tbl(table, column), dst=sums[c][j])
        b.gop_imm("add", "x", xk, BLOCK, dst=xk)
        b.gop("add", "x", tk, t_step, dst=tk)
        b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
        b.b_cond("ne", loop)
        b.start_block(f"{name}_store")
        for c in range(width):
            self.add_results(sums[c], acc_rows, c)


def describe_rowdot_right_tables5(b):
    """acc[r][c] += Σ_{k < count} X[r][k]·T_k[c] for r < rows (a multiple of 3) and
    c < n: X[r][k] the 5×5 matrix at x + r·xrow + 25k, T_k[c] given as the
    gf16m_mul_tables of its 25 elements at tab + 400(k·n + c), acc[r][c] at
    acc + 25(r·n + c). Three block rows at a time; block columns in runs of three,
    the one or two left over in one run."""
    acc_ptr, x_ptr, x_row, tab_ptr, count, n, rows = b.params
    shared = RightTables5(b)
    nine = b.mov_imm(HIGH)
    x_row2 = b.gop("add", "x", x_row, x_row)
    # loads lo0, hi0, lo1, hi1, lo2, hi2 after the one at x itself
    x_offsets = [nine, x_row, b.gop_imm("add", "x", x_row, HIGH), x_row2, b.gop_imm("add", "x", x_row2, HIGH)]
    n8 = b.gop_imm("lsl", "x", n, 3)
    acc_row = b.gop("add", "x", b.gop("add", "x", n8, b.gop("add", "x", n8, n8)), n)   # 25n
    acc_group = b.gop("add", "x", acc_row, b.gop("add", "x", acc_row, acc_row))
    x_group = b.gop("add", "x", x_row, x_row2)
    t_step = b.gop_imm("lsl", "x", acc_row, 4)                                         # 400n
    # counts down by GROUP from rows, a multiple of it
    remaining = b.mov_x(rows)
    done = b.block_label("done")
    b.cbz(remaining, done)
    group_start = b.start_block("group")
    acc_rows = row_pointers(b, acc_ptr, acc_row, GROUP)
    run_tab = b.mov_x(tab_ptr)
    group = (x_ptr, x_offsets, run_tab, t_step, count, acc_rows)

    def advance():
        for ptr in acc_rows:
            b.gop_imm("add", "x", ptr, RUN * BLOCK, dst=ptr)
        b.gop_imm("add", "x", run_tab, RUN * FACTOR_TABLES, dst=run_tab)

    in_runs(b, n, RUN, lambda width, name, region: shared.run(width, group, name, region), advance,
            "gf16m_rowdot_rtbl_5x5x5")
    b.gop("add", "x", acc_ptr, acc_group, dst=acc_ptr)
    b.gop("add", "x", x_ptr, x_group, dst=x_ptr)
    b.gop_imm("subs", "x", remaining, GROUP, dst=remaining, sets_flags=True)
    b.b_cond("ne", group_start)
    b.start_block("done")
    b.ret()

