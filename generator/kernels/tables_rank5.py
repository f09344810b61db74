"""Rank 5's products in table form (tables.py has rank 4's and the reasons for
tables): 16 lanes hold rows or columns of three 5×5 matrices (15 lanes, lane 15
unused), gathered from their stored bytes by multi-register TBLs, so that one
TBL multiplies 15 elements by the same table.

The fixed factor on the right (F12 = P11·T12 and P21·T12 of key generation, T12
secret and made once per key): lane 5t + i holds X_t[i][m], column m of three
left factors that meet the same T, each loaded as two overlapping registers
(bytes 0..15 and 9..24: exactly its 25 bytes) and gathered by a four-register
TBL (t = 0, 1) and a two-register one (t = 2). Column j of the three results is
then Σ_m TBL(tab_T[m][j], column m): 25 TBL + 25 EOR per right factor and k,
already reduced.

The fixed factor on the left (the public map's rows times the signature's
factors, T12ᵗ·F12 and F21 = T12ᵗ·P11 + P21): lane 5c + j holds Y_c[m][j], row m
of three consecutive right factors (75 bytes, five registers), and row i of
the three results is Σ_m TBL(tab_X[i][m], row m).

After the loop over k, TBLs over the sums turn each result back into rows.
Both kernels index tables by registers, never memory by data: constant time."""
from __future__ import annotations

from .matrix import NO_LANE, xor_tree
from .tables import TABLE, row_pointers

RANK = 5
BLOCK = RANK * RANK           # bytes of one factor
HIGH = BLOCK - 16             # the second register of a factor starts at byte 9
GROUP = 3                     # block rows per group: 3 × 5 lanes of 16
RUN = 3                       # right factors per run: 15 lanes of 16
MAX_BAND = 9                  # left-factor rows per band: 9 sums, 5 rows of Y and its loads fit
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

    in_runs(b, n, lambda width, name, region: shared.run(width, group, name, region), advance,
            "gf16m_rowdot_rtbl_5x5x5")
    b.gop("add", "x", acc_ptr, acc_group, dst=acc_ptr)
    b.gop("add", "x", x_ptr, x_group, dst=x_ptr)
    b.gop_imm("subs", "x", remaining, GROUP, dst=remaining, sets_flags=True)
    b.b_cond("ne", group_start)
    b.start_block("done")
    b.ret()


def in_runs(b, n, emit_run, advance, region):
    """Right factors 0..n-1 in runs of RUN (emit_run(RUN, name, region), then
    advance() moves the pointers on) and one run of the one or two left over.
    Ends by starting block "next"."""
    columns = b.mov_x(n)
    partial = b.block_label("partial")
    b.gop_imm("subs", "x", columns, RUN, sets_flags=True)
    b.b_cond("lo", partial)
    full = b.start_block("full")
    emit_run(RUN, "full_k", region)
    advance()
    b.gop_imm("sub", "x", columns, RUN, dst=columns)
    b.gop_imm("subs", "x", columns, RUN, sets_flags=True)
    b.b_cond("hs", full)
    b.start_block("partial")
    after, one = b.block_label("next"), b.block_label("run1")
    b.cbz(columns, after)
    b.tbz(columns, 1, one)
    b.start_block("run2")
    emit_run(2, "run2_k", None)
    b.b(after)
    b.start_block("run1")
    emit_run(1, "run1_k", None)
    b.start_block("next")


# --- the fixed factor on the left ------------------------------------------------------


def load_offsets(width):
    """The 16-byte loads of `width` consecutive right factors: every 16 bytes, the
    last one ending at their last byte."""
    size = BLOCK * width
    return list(range(0, size - 16, 16)) + [size - 16]


def gather_indices(sources, width, byte_of):
    """TBL indices putting byte_of(c, j) of the run's loads in lane 5c + j: over the
    first four loads, then (five loads) over the fifth."""
    offsets = load_offsets(width)
    first, last = [NO_LANE] * 16, [NO_LANE] * 16
    for c in range(width):
        for j in range(RANK):
            byte = byte_of(c, j)
            reg = min(byte // 16, len(offsets) - 1)
            if reg < 4:
                first[RANK * c + j] = 16 * reg + byte - offsets[reg]
            else:
                last[RANK * c + j] = byte - offsets[reg]
    return (bytes(first), bytes(last)) if sources > 4 else (bytes(first),)


def left_bands(p):
    """(first row, rows) of the bands of the left factor's p rows: as few as fit
    MAX_BAND sums, of near-equal size (each at least 4 rows: a result's bytes of a
    band then cover the 16 bytes a store moves)."""
    count = -(-p // MAX_BAND)
    sizes = [p // count + (1 if i < p % count else 0) for i in range(count)]
    return [(sum(sizes[:i]), size) for i, size in enumerate(sizes)]


def band_windows(p, r0, rows):
    """The 16-byte pieces (first byte) covering the band's rows of one p×5 result."""
    start, end = RANK * r0, RANK * (r0 + rows)
    return list(range(start, end - 16, 16)) + [end - 16]


class LeftTables5:
    """acc[c] += Σ_k X_k·Y_k[c], X_k p×5 as tables: constants made on first use."""

    def __init__(self, b, p):
        self.b, self.p, self.labels = b, p, {}

    def constants(self, name, indices):
        if name not in self.labels:
            self.labels[name] = [self.b.constant(f"{name}_{half}", index) for half, index in enumerate(indices)]
        return [self.b.load_literal("q", label) for label in self.labels[name]]

    def gather(self, regs, indices):
        b = self.b
        first = b.tbl(regs[:4] if len(regs) > 1 else regs[0], indices[0])
        return b.eor(first, b.tbl(regs[4], indices[1])) if len(regs) > 4 else first

    def right_rows(self, loads, width):
        """Rows 0..4 of the run's right factors, lane 5c + j = Y_c[m][j] in row m."""
        return [self.gather(loads, self.constants(
            f"w{width}_row{m}", gather_indices(len(loads), width, lambda c, j, m=m: BLOCK * c + RANK * m + j)))
            for m in range(RANK)]

    def add_results(self, sums, r0, acc_ptr, width):
        """acc[c] += the band's rows of each result, gathered from the sums (lane
        5c + j of sum i: row r0 + i); a result's pieces are all loaded before any
        is stored."""
        b = self.b
        for c in range(width):
            totals = []
            for start in band_windows(self.p, r0, len(sums)):
                i0 = start // RANK - r0
                index = bytes(16 * ((start + lane) // RANK - r0 - i0) + RANK * c + (start + lane) % RANK
                              for lane in range(16))
                gathered = b.tbl(sums[i0:i0 + 4], self.constants(f"out{c}_{start}", (index,))[0])
                totals.append((start, b.eor(gathered, b.load("q", acc_ptr, RANK * self.p * c + start))))
            for start, total in totals:
                b.store("q", total, acc_ptr, RANK * self.p * c + start)

    def run(self, width, params, name, region):
        b = self.b
        acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count = params
        for index, (r0, rows) in enumerate(left_bands(self.p)):
            suffix = "" if rows == self.p else f"_b{index}"
            sums = [b.movi(0) for _ in range(rows)]
            b.group(sums)
            tk = b.gop_imm("add", "x", tab_ptr, r0 * RANK * TABLE) if r0 else b.mov_x(tab_ptr)
            yk, k = b.mov_x(y_ptr), b.mov_x(count)
            loop = b.start_block(name + suffix, mca_region=region and region + suffix)
            loads = [b.load("q", yk, offset) for offset in load_offsets(width)]
            b.group(loads[:4])
            rows_of_y = self.right_rows(loads, width)
            for i in range(rows):
                at = i * RANK * TABLE
                tables = [*b.load_pair("q", tk, at), *b.load_pair("q", tk, at + 2 * TABLE),
                          b.load("q", tk, at + 4 * TABLE)]
                b.eor(sums[i], xor_tree(b, [b.tbl(t, y) for t, y in zip(tables, rows_of_y)], "16b"), dst=sums[i])
            b.gop("add", "x", yk, y_stride, dst=yk)
            b.gop("add", "x", tk, t_stride, dst=tk)
            b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
            b.b_cond("ne", loop)
            b.start_block(f"{name}{suffix}_store")
            self.add_results(sums, r0, acc_ptr, width)


def describe_rowdot_left_tables5(b, p):
    """acc[c] += Σ_{k < count} X_k·Y_k[c] for c < n, X_k a p×5 matrix given as its
    5p product tables at tab + k·tstride (element (i, m)'s at 16(5i + m)), Y_k[c]
    the 5×5 matrices at y + k·ystride + 25c, acc[c] p×5 at acc + 5pc. Right
    factors in runs of three, the one or two left over in one run; rows in bands
    (left_bands). count >= 1; n may be 0."""
    acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count, n = b.params
    shared = LeftTables5(b, p)
    params = (acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count)

    def advance():
        b.gop_imm("add", "x", acc_ptr, RUN * RANK * p, dst=acc_ptr)
        b.gop_imm("add", "x", y_ptr, RUN * BLOCK, dst=y_ptr)

    in_runs(b, n, lambda width, name, region: shared.run(width, params, name, region), advance,
            f"gf16m_rowdot_tbl_{p}x5x5")
    b.ret()
