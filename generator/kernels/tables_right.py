"""Products by a fixed right factor in table form for the ranks whose blocks do
not make lanes of four (2, 3 and 5; tables.py has rank 4's form and the reasons
for tables, tables_gather.py the fixed factor on the left): F12 = P11·T12 and
P21·T12 of key generation, T12 secret and made once per key.

A TBL needs one table for all its lanes, so its lanes are a column of left
factors that meet the same T: 16 // l blocks of l rows (eight of rank 2, five
of rank 3, three of rank 5; lane l·t + i = X_t[i][m], a lane left unused where
l does not divide 16), one block per block row of a group. Each block is
loaded exactly (tables.pieces: 4 bytes of rank 2, 8-byte loads at 0 and 1 of
rank 3, 16-byte ones at 0 and 9 of rank 5) and column m is gathered from the
fewest of a block's loads that hold it, by TBLs over up to four registers each.
Column j of the group's results is then Σ_m TBL(tab_T[m][j], column m): l² TBL
+ l² EOR per right factor and k, already reduced. After the loop over k, TBLs
over the column sums turn each result back into rows. Tables are indexed by
registers, never memory by data: constant time."""
from __future__ import annotations

from itertools import combinations

from ..builder import ACCESS_BYTES
from .matrix import NO_LANE
from .tables import TABLE, gather, holding, in_runs, load_tables, pieces, row_pointers

RANKS = (2, 3, 5)
# Block columns per run: its sums (l per column), a group's loads and columns and
# the tables in flight fit the register file.
RUNS = {2: 6, 3: 4, 5: 3}
LDP_REACH = 1024  # LDP of q registers encodes offsets below this


def group_rows(l):
    """Block rows per group: the blocks whose columns fill 16 lanes (rank 4's
    four of tables.py too)."""
    return 16 // l


def column_loads(l, m):
    """The indices of a block's loads (pieces(l²)) that column m is gathered from:
    the fewest that hold all its bytes, the first such."""
    _, starts = pieces(l * l)
    wanted = {l * i + m for i in range(l)}
    for size in range(1, len(starts) + 1):
        for chosen in combinations(range(len(starts)), size):
            if all(holding(l * l, byte, chosen) is not None for byte in wanted):
                return chosen
    raise AssertionError((l, m))


def column_indices(l, m):
    """The TBL indices of column m over the registers column_loads(l, m) of every
    block of a group (block-major), four registers per TBL."""
    _, starts = pieces(l * l)
    chosen = column_loads(l, m)
    registers = [(t, p) for t in range(group_rows(l)) for p in chosen]
    indices = [[NO_LANE] * 16 for _ in range(-(-len(registers) // 4))]
    for t in range(group_rows(l)):
        for i in range(l):
            byte = l * i + m
            p = holding(l * l, byte, chosen)
            reg = registers.index((t, p))
            indices[reg // 4][l * t + i] = 16 * (reg % 4) + byte - starts[p]
    return [bytes(index) for index in indices]


def row_indices(l, t, start):
    """The TBL indices of the piece of result t (row-major) that starts at byte
    `start`, from its column sums (column j in sum j, four sums per TBL)."""
    view, _ = pieces(l * l)
    indices = [[NO_LANE] * 16 for _ in range(-(-l // 4))]
    for lane, byte in enumerate(range(start, start + ACCESS_BYTES[view])):
        i, j = divmod(byte, l)
        indices[j // 4][lane] = 16 * (j % 4) + l * t + i
    return [bytes(index) for index in indices]


def factor_bases(b, tk, l, width):
    """(register, offset) of each right factor's tables in a run: from tk while
    LDP reaches them, then from a pointer of their own."""
    size, bases, base, first = l * l * TABLE, [], tk, 0
    for c in range(width):
        if (c - first + 1) * size > LDP_REACH:
            base, first = b.gop_imm("add", "x", tk, c * size), c
        bases.append((base, (c - first) * size))
    return bases


def group_fours(b, regs):
    """Registers that one TBL reads as a table, consecutive: four at a time."""
    for first in range(0, len(regs), 4):
        if len(regs[first:first + 4]) > 1:
            b.group(regs[first:first + 4])


class RightTables:
    """The products of one rank; index vectors every run shares (constants after
    the function)."""

    def __init__(self, b, l):
        self.b, self.l = b, l
        self.view, self.starts = pieces(l * l)
        self.columns = [[b.constant(f"column{m}_{half}", index) for half, index in enumerate(column_indices(l, m))]
                        for m in range(l)]
        self.rows = {(t, start): [b.constant(f"row{t}_{start}_{half}", index)
                                  for half, index in enumerate(row_indices(l, t, start))]
                     for t in range(group_rows(l)) for start in self.starts}

    def column(self, blocks, m):
        """Column m of the group's blocks (blocks[t][p]: load p of block t)."""
        registers = [blocks[t][p] for t in range(len(blocks)) for p in column_loads(self.l, m)]
        group_fours(self.b, registers)
        return gather(self.b, registers, [self.b.load_literal("q", label) for label in self.columns[m]])

    def add_results(self, sums, acc_rows, c):
        """acc's blocks (t, c) += the rows gathered from one right factor's column
        sums; each block's pieces are loaded before any is stored."""
        b, size = self.b, self.l * self.l
        group_fours(b, sums)
        for t, ptr in enumerate(acc_rows):
            totals = []
            for start in self.starts:
                gathered = gather(b, sums, [b.load_literal("q", label) for label in self.rows[(t, start)]])
                totals.append(b.eor(gathered, b.load(self.view, ptr, c * size + start)))
            for total, start in zip(totals, self.starts):
                b.store(self.view, total, ptr, c * size + start)

    def load_blocks(self, x_rows):
        """Block k of each of the group's rows, exactly its bytes; the row pointers
        step on to block k + 1."""
        b, size = self.b, self.l * self.l
        blocks = []
        for ptr in x_rows:
            later = {start: b.load(self.view, ptr, start) for start in self.starts if start}
            first = b.load_post(self.view, ptr, size)
            blocks.append([later.get(start, first) for start in self.starts])
        return blocks

    def run(self, width, group, name, region):
        """The group's block rows and the `width` block columns at the current acc
        and tables: acc[r0 + t][c] += Σ_k X[r0 + t][k]·T_k[c], the sums in
        registers across the loop over k."""
        b, l = self.b, self.l
        x_ptr, x_row, tab_ptr, t_step, count, acc_ptr, acc_row = group
        sums = [[b.movi(0) for _ in range(l)] for _ in range(width)]
        x_rows = row_pointers(b, x_ptr, x_row, group_rows(l))
        tk, k = b.mov_x(tab_ptr), b.mov_x(count)
        loop = b.start_block(name, mca_region=region)
        blocks = self.load_blocks(x_rows)
        bases = factor_bases(b, tk, l, width)
        for m in range(l):
            column = self.column(blocks, m)
            for c, (base, start) in enumerate(bases):
                for j, table in enumerate(load_tables(b, base, start + TABLE * l * m, l)):
                    b.eor(sums[c][j], b.tbl(table, column), dst=sums[c][j])
        b.gop("add", "x", tk, t_step, dst=tk)
        b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
        b.b_cond("ne", loop)
        b.start_block(f"{name}_store")
        acc_rows = row_pointers(b, acc_ptr, acc_row, group_rows(l))
        for c in range(width):
            self.add_results(sums[c], acc_rows, c)


def describe_rowdot_right_tables_columns(b, l):
    """acc[r][c] += Σ_{k < count} X[r][k]·T_k[c] for r < rows (a multiple of 16 // l)
    and c < n: X[r][k] the l×l matrix at x + r·xrow + l²k, T_k[c] given as the
    gf16m_mul_tables of its l² elements at tab + 16l²(k·n + c), acc[r][c] at
    acc + l²(r·n + c). 16 // l block rows at a time; block columns in runs of
    RUNS[l], those left over in one run."""
    acc_ptr, x_ptr, x_row, tab_ptr, count, n, rows = b.params
    shared, rows_per_group, size = RightTables(b, l), group_rows(l), l * l
    acc_row = b.gop("mul", "x", n, b.mov_imm(size))
    acc_group = b.gop("mul", "x", acc_row, b.mov_imm(rows_per_group))
    x_group = b.gop("mul", "x", x_row, b.mov_imm(rows_per_group))
    t_step = b.gop_imm("lsl", "x", acc_row, 4)   # 16 l² n
    # counts down by the group from rows, a multiple of it
    remaining = b.mov_x(rows)
    done = b.block_label("done")
    b.cbz(remaining, done)
    group_start = b.start_block("group")
    run_acc, run_tab = b.mov_x(acc_ptr), b.mov_x(tab_ptr)
    group = (x_ptr, x_row, run_tab, t_step, count, run_acc, acc_row)
    run = RUNS[l]

    def advance():
        b.gop_imm("add", "x", run_acc, run * size, dst=run_acc)
        b.gop_imm("add", "x", run_tab, run * size * TABLE, dst=run_tab)

    in_runs(b, n, run, lambda width, name, region: shared.run(width, group, name, region), advance,
            f"gf16m_rowdot_rtbl_{l}x{l}x{l}")
    b.gop("add", "x", acc_ptr, acc_group, dst=acc_ptr)
    b.gop("add", "x", x_ptr, x_group, dst=x_ptr)
    b.gop_imm("subs", "x", remaining, rows_per_group, dst=remaining, sets_flags=True)
    b.b_cond("ne", group_start)
    b.start_block("done")
    b.ret()
