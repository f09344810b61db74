"""Products by a left factor given as tables for ranks whose rows do not fill
lanes of four (3 and 5; tables.py has rank 4's form and the reasons for
tables): the public map's rows times the signature's factors, T12ᵗ·F12 and
F21 = T12ᵗ·P11 + P21.

A TBL needs one table for all its lanes, so its lanes hold row m of several
right factors: 16 // l consecutive l×l factors (five of rank 3, three of rank
5: 15 lanes, lane 15 unused), lane l·c + j = Y_c[m][j]. The run's bytes are
loaded as 16-byte registers, the last one ending at its last byte (8-byte ones
below 16 bytes), and each row is gathered from them by one TBL (a second one
over a fifth register). Row i of the run's results is then Σ_m
TBL(tab_X[i][m], row m): l TBL + l EOR per row of X and k, already reduced.
The rows' sums stay in registers, in bands of at most MAX_BAND rows; after the
loop over k, TBLs over a band's sums give each result's 16-byte pieces of the
band's rows. Tables are indexed by registers, never memory by data: constant
time.

Where one run of right factors meets several left factors (the l factors
Xᵗ Sᵃ of a signature block in SNOVA's public-map products), the rows of the run
can be gathered once instead of once per left factor: interleave_runs writes
each run as its l rows, 16 bytes each (lane 15, and the lanes of factors a
short last run lacks, zero), and the interleaved rowdot (`interleaved`) loads
them as they are: no windows, no gathering TBLs, and room for two runs a
table load (llvm-mca per run of three 5x5 by 8x5: 40 cycles against 69 on
cortex-a72, 89 against 138 on cortex-a55)."""
from __future__ import annotations

from ..builder import ACCESS_BYTES
from .matrix import NO_LANE, xor_tree
from .tables import (LOW_NIBBLES, TABLE, gather, groups_of, holding, in_runs, load_tables, part, pieces,
                     rowdot_tables_name)

MAX_BAND = 9   # rows per band: 9 sums, the rows of Y and their loads fit the register file
# The longest run whose rows of Y come from windows (LeftTables.windowed_rows),
# not from the run's bytes loaded once: rank 5's three factors, whose gathers
# from five loads take a TBL over four registers (3 uops on Neoverse N1, 9 on
# Cortex-A72 against 1 and 3 for one register, 1 and 5 for two), plus a TBL and
# an EOR, per row. Rank 3's run of five factors would need three TBLs a row from
# windows, against one over three registers.
MAX_WINDOWED_RUN = 3
# Runs of right factors a table load where no windows are gathered from (the
# interleaved form; the transposed one of 8×4 factors): two runs' rows and sums
# fit the registers beside the tables, which are then loaded once for both
# (llvm-mca per run of three interleaved by 8x5: 89 cycles against 106 on
# cortex-a55, 40 against 44 on cortex-a72; per four transposed 8x4 by 8x4, 142
# against 170 on cortex-a55; the same on the other cores)
SHARED_LOAD_RUNS = 2


def run_length(s):
    """Right factors per run: as many rows of s lanes as 16 lanes hold."""
    return 16 // s


def load_offsets(l, width):
    """(view, offsets) of the loads of `width` consecutive l×l right factors."""
    return pieces(l * l * width)


def gather_indices(l, width, byte_of):
    """TBL indices putting byte byte_of(c, j) of the run in lane l·c + j: over the
    first four loads, and over the rest if there are more."""
    _, offsets = load_offsets(l, width)
    first, rest = [NO_LANE] * 16, [NO_LANE] * 16
    for c in range(width):
        for j in range(l):
            byte = byte_of(c, j)
            reg = holding(l * l * width, byte)
            index = first if reg < 4 else rest
            index[l * c + j] = 16 * (reg % 4) + byte - offsets[reg]
    return (bytes(first), bytes(rest)) if len(offsets) > 4 else (bytes(first),)


def left_bands(s, p, rows_per_sum=1, max_sums=MAX_BAND):
    """(first row, rows) of the bands of the left factor's p rows: as few as fit
    max_sums sums (of `rows_per_sum` rows each, the last sum's perhaps fewer), of
    near-equal size; several only where each covers at least the 16 bytes a
    store moves of a result (rows of s)."""
    sums = -(-p // rows_per_sum)
    count = -(-sums // max_sums)
    sizes = [rows_per_sum * (sums // count + (1 if i < sums % count else 0)) for i in range(count)]
    sizes[-1] -= sum(sizes) - p
    assert count == 1 or s * min(sizes) >= 16, (s, p)
    return [(sum(sizes[:i]), size) for i, size in enumerate(sizes)]


def window_start(start, size):
    """Where a 16-byte window of a run's `size` bytes begins to hold the bytes at
    `start`: there, or where it would run past the run's last byte, ending there."""
    return min(start, size - 16)


def factor_windows(size):
    """The first bytes of the 16-byte windows covering a factor of `size` bytes:
    every 16 bytes, the last one ending at its last byte."""
    return [window_start(start, size) for start in range(0, size, 16)]


def band_windows(s, r0, rows):
    """The 16-byte pieces (first byte) covering a band's rows of one p×s result."""
    view, starts = pieces(s * rows)
    assert view == "q", (s, rows)
    return [s * r0 + start for start in starts]


class LeftTables:
    """acc[c] += Σ_k X_k·Y_k[c], X_k p×l as tables (`paired`: the pair tables of
    its rows, two products a TBL, tables.py; an odd last row paired with a zero
    row), Y_k[c] l×s, or (`transposed`) the transposes of s×l matrices:
    constants made on first use."""

    def __init__(self, b, l, p, paired=False, s=None, transposed=False, interleaved=False):
        self.b, self.l, self.p, self.paired, self.labels = b, l, p, paired, {}
        self.s, self.transposed, self.interleaved = s or l, transposed, interleaved

    def constants(self, name, indices):
        if name not in self.labels:
            self.labels[name] = [self.b.constant(f"{name}_{half}", index) for half, index in enumerate(indices)]
        return [self.b.load_literal("q", label) for label in self.labels[name]]

    def windowed(self):
        """Whether the rows of Y come from windows: runs of at most
        MAX_WINDOWED_RUN factors (rank 5's), read as stored."""
        return not (self.transposed or self.interleaved) and run_length(self.s) <= MAX_WINDOWED_RUN

    def right_rows(self, yk, width, indices=None, offset=0):
        """Rows 0..l-1 of the run's right factors, lane s·c + j = Y_c[m][j] in row m:
        from their transposes' bytes (transposed_rows), from windows by the index
        registers `indices` (window_indices, loaded before the loop) where the
        run is short, else gathered from the run's bytes loaded once (pieces);
        interleaved, as interleave_runs wrote them, the run at yk + offset."""
        if self.interleaved:
            return load_tables(self.b, yk, offset, self.l)
        if self.transposed:
            return self.transposed_rows(yk, width, offset)
        if indices is not None:
            return self.windowed_rows(yk, width, indices)
        b, l = self.b, self.l
        assert self.s == l, "pieces gather rows of l×l factors"
        view, offsets = load_offsets(l, width)
        loads = [b.load(view, yk, offset) for offset in offsets]
        b.group(loads[:4])
        return [gather(b, loads, self.constants(
            f"w{width}_row{m}", gather_indices(l, width, lambda c, j, m=m: l * l * c + l * m + j)))
            for m in range(l)]

    def windows(self, width):
        """Per row m of a run of `width` right factors: the first bytes of its 16-byte
        windows, one per factor, each starting at the row or, where that would run
        past the run's last byte, ending there; and the TBL indices that take
        factors 0 and 1 from the first two and factor 2 from the third."""
        l, s, size = self.l, self.s, self.l * self.s * width
        assert width <= MAX_WINDOWED_RUN, width
        plans = []
        for m in range(l):
            starts = [l * s * c + s * m for c in range(width)]
            at = [window_start(start, size) for start in starts]
            lanes = [[NO_LANE] * 16, [NO_LANE] * 16]
            for c in range(width):
                for j in range(s):
                    lanes[c // 2][s * c + j] = 16 * (c % 2) + starts[c] - at[c] + j
            plans.append((at, [bytes(x) for x in lanes[:1 + (width == 3)]]))
        return plans

    def window_indices(self, width):
        """The index registers of windowed_rows, loaded once (loop invariant); None
        where the rows come otherwise."""
        if not self.windowed():
            return None
        registers = {}
        for _, lanes in self.windows(width):
            for data in lanes:
                if data not in registers:
                    registers[data] = self.constants(f"w{width}_index{len(registers)}", [data])[0]
        return registers

    def windowed_rows(self, yk, width, indices):
        """right_rows from the windows: factors 0 and 1 by one TBL over their two
        windows, factor 2 (which no pair holds) by one TBL of its own and an EOR;
        a window of factor 2 is loaded once however many rows share it."""
        b = self.b
        shared = {}
        rows = []
        for at, lanes in self.windows(width):
            pair = [b.load("q", yk, start) for start in at[:2]]
            if len(pair) == 2:
                b.group(pair)
            row = b.tbl(pair if len(pair) == 2 else pair[0], indices[lanes[0]])
            if width == 3:
                if at[2] not in shared:
                    shared[at[2]] = b.load("q", yk, at[2])
                row = b.eor(row, b.tbl(shared[at[2]], indices[lanes[1]]))
            rows.append(row)
        return rows

    def transposed_rows(self, yk, width, offset=0):
        """right_rows of the transposes of s×l matrices (more than 16 bytes each):
        row m lane s·c + j = Y_c[j][m], from the 16-byte windows covering each
        factor (factor_windows), per row one TBL over each group of four
        windows and EORs of those; the run at yk + offset."""
        b, l, s, size = self.b, self.l, self.s, self.l * self.s
        assert size > 16, (l, s)
        if l == 4 and size == 32:
            return self.deinterleaved_rows(yk, width, offset)
        starts = factor_windows(size)
        windows = [b.load("q", yk, offset + size * c + start) for c in range(width) for start in starts]
        tables = [windows[g:g + 4] for g in range(0, len(windows), 4)]
        for group in tables:
            b.group(group)
        rows = []
        for m in range(l):
            lanes = [[NO_LANE] * 16 for _ in tables]
            for c in range(width):
                for j in range(s):
                    byte = l * j + m
                    w = next(w for w, start in enumerate(starts) if start <= byte < start + 16)
                    window = len(starts) * c + w
                    lanes[window // 4][s * c + j] = 16 * (window % 4) + byte - starts[w]
            terms = [b.tbl(group, self.constants(f"t{width}_row{m}_{h}", [bytes(lanes[h])])[0])
                     for h, group in enumerate(tables)]
            rows.append(xor_tree(b, terms, "16b"))
        return rows

    def deinterleaved_rows(self, yk, width, offset):
        """transposed_rows of 8×4 factors: a pair's 64 bytes are the run, and LD4
        de-interleaving them by bytes puts Y_c[j][m] (byte 32c + 4j + m) in lane
        8c + j of row m as it is (one factor: 32 bytes into the low halves). A
        TBL over four registers costs Cortex-A72 nine uops where the LD4 costs
        four of its vector pipes' (llvm-mca)."""
        b = self.b
        base = b.gop_imm("add", "x", yk, offset) if offset else yk
        return b.load4(base, arr="16b" if width == 2 else "8b")

    def add_small_results(self, sums, acc_ptr, width):
        """acc[c] += the results, for results smaller than a 16-byte store (one band
        of at most four rows): the run's results lie one after the other, and its
        pieces cover them all; all are loaded before any is stored."""
        b, s, size = self.b, self.s, self.s * self.p
        view, starts = pieces(size * width)
        totals = []
        for start in starts:
            index = [NO_LANE] * 16
            for lane in range(ACCESS_BYTES[view]):
                c, within = divmod(start + lane, size)
                i, j = divmod(within, s)
                index[lane] = 16 * i + s * c + j
            gathered = gather(b, sums, self.constants(f"small{width}_{start}", [bytes(index)]))
            totals.append((start, b.eor(gathered, b.load(view, acc_ptr, start))))
        for start, total in totals:
            b.store(view, total, acc_ptr, start)

    def add_results(self, sums, r0, acc_ptr, width):
        """acc[c] += the band's rows of each result, gathered from the sums (lane
        s·c + j of sum i: row r0 + i); a result's pieces are all loaded before any
        is stored."""
        b, s = self.b, self.s
        if s * self.p < 16:
            return self.add_small_results(sums, acc_ptr, width)
        for c in range(width):
            totals = []
            for start in band_windows(s, r0, len(sums)):
                i0, i1 = start // s - r0, (start + 15) // s - r0
                indices = [[NO_LANE] * 16, [NO_LANE] * 16]
                for lane in range(16):
                    i, j = divmod(start + lane, s)
                    i -= r0 + i0
                    indices[i // 4][lane] = 16 * (i % 4) + s * c + j
                used = 1 if i1 - i0 < 4 else 2
                loaded = self.constants(f"out{c}_{start}", [bytes(x) for x in indices[:used]])
                gathered = gather(self.b, sums[i0:i1 + 1], loaded)
                totals.append((start, b.eor(gathered, b.load("q", acc_ptr, s * self.p * c + start))))
            for start, total in totals:
                b.store("q", total, acc_ptr, s * self.p * c + start)

    def run(self, width, params, name, region):
        """The `width` right factors at the current acc and y, in groups of at most
        a run (more than one only where no windows are gathered from: interleaved
        or transposed, SHARED_LOAD_RUNS): each table loaded is looked up by every
        group's rows."""
        b, l, s, p = self.b, self.l, self.s, self.p
        acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count = params
        rows_per_sum = 2 if self.paired else 1
        run = run_length(s)
        groups = groups_of(width, run)
        assert len(groups) == 1 or self.interleaved or self.transposed, width
        for index, (r0, rows) in enumerate(left_bands(s, p, rows_per_sum, MAX_BAND // len(groups))):
            suffix = "" if rows == p else f"_b{index}"
            sums = [[b.movi(0) for _ in range(-(-rows // rows_per_sum))] for _ in groups]
            if not self.paired:
                for group_sums in sums:
                    b.group(group_sums)
            # l tables a sum: its row's, or its pair's
            first = r0 // rows_per_sum * l * TABLE
            tk = b.gop_imm("add", "x", tab_ptr, first) if first else b.mov_x(tab_ptr)
            yk, k = b.mov_x(y_ptr), b.mov_x(count)
            indices = self.window_indices(width)
            loop = b.start_block(name + suffix, mca_region=region and region + suffix)
            run_bytes = interleaved_run_bytes(l) if self.interleaved else run * l * s
            rows_of_y = [self.right_rows(yk, group, indices, g * run_bytes) for g, group in enumerate(groups)]
            for i in range(len(sums[0])):
                tables = load_tables(b, tk, i * l * TABLE, l)
                for group_sums, group_rows in zip(sums, rows_of_y):
                    terms = [b.tbl(t, y) for t, y in zip(tables, group_rows)]
                    b.eor(group_sums[i], xor_tree(b, terms, "16b"), dst=group_sums[i])
            b.gop("add", "x", yk, y_stride, dst=yk)
            b.gop("add", "x", tk, t_stride, dst=tk)
            b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
            b.b_cond("ne", loop)
            b.start_block(f"{name}{suffix}_store")
            for g, (group_sums, group) in enumerate(zip(sums, groups)):
                acc = b.gop_imm("add", "x", acc_ptr, g * run * s * p) if g else acc_ptr
                self.add_results(self.parted(group_sums, rows) if self.paired else group_sums, r0, acc, group)

    def parted(self, packed, rows):
        """The `rows` rows of packed pairs of sums (row 2q in the low nibbles of
        packed[q], 2q + 1 in the high ones), one register each, a group for the
        gathers; an odd last row is its sum as it is (its tables' high nibbles,
        and so its sum's, are zero)."""
        mask = self.b.movi(LOW_NIBBLES)
        parted = [row for pair in packed[:rows // 2] for row in part(self.b, pair, mask)]
        parted += packed[rows // 2:]
        self.b.group(parted)
        return parted


def describe_rowdot_left_tables(b, l, p, paired=False, s=None, transposed=False, interleaved=False, runs=1):
    """acc[c] += Σ_{k < count} X_k·Y_k[c] for c < n, X_k a p×l matrix given as its
    l·p product tables at tab + k·tstride (element (i, m)'s at 16(l·i + m)) or,
    `paired`, its l·⌈p/2⌉ pair tables (rows 2q and 2q + 1, column m at
    16(l·q + m)), Y_k[c] the l×s matrices (s = l unless given) at y + k·ystride +
    l·s·c, or, `transposed`, the transposes of the s×l matrices there, acc[c]
    p×s at acc + s·p·c; an odd p's last row pairs with a zero row (16l bytes
    more); `interleaved`: the right factors as interleave_runs writes them, 16l
    bytes a run from y + k·ystride. Right factors in runs of 16 // s, `runs` of
    them a table load (SHARED_LOAD_RUNS where no windows are gathered from),
    those left over in one run; rows in bands (left_bands). count >= 1; n may be
    0."""
    acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count, n = b.params
    shared = LeftTables(b, l, p, paired, s, transposed, interleaved)
    s = shared.s
    params = (acc_ptr, tab_ptr, t_stride, y_ptr, y_stride, count)
    run = runs * run_length(s)

    def advance():
        b.gop_imm("add", "x", acc_ptr, run * s * p, dst=acc_ptr)
        b.gop_imm("add", "x", y_ptr, runs * interleaved_run_bytes(l) if interleaved else run * l * s, dst=y_ptr)

    in_runs(b, n, run, lambda width, name, region: shared.run(width, params, name, region), advance,
            rowdot_tables_name(l, p, paired, s, transposed, interleaved=interleaved))
    b.ret()


def interleave_runs_name(l, r=None):
    """gf16m_interleave_runs_r<l>, or for the transposes of r×l matrices
    gf16m_interleave_transposes_<r>x<l>; kernel and mca region alike."""
    return f"gf16m_interleave_transposes_{r}x{l}" if r else f"gf16m_interleave_runs_r{l}"


def interleaved_run_bytes(l):
    """Bytes of a run of right factors as interleave_runs writes it: l rows of 16."""
    return 16 * l


def describe_interleave_runs(b, l, r=None):
    """out = the n l×l matrices at x (one after the other), or given r the
    transposes of n r×l ones, in runs of 16 // s (s = r, or l), each run its l
    rows (interleaved_run_bytes), lane s·c + j of row m = Y_c[m][j] and every
    other lane zero; the n mod 16 // s left over in one run. The rows come from
    windows of the run's bytes (LeftTables.windows, or transposed_rows): exactly
    the n·l·s bytes are read, and ⌈n / (16 // s)⌉ runs written. n may be 0."""
    out_ptr, x_ptr, n = b.params
    shared = LeftTables(b, l, l, s=r, transposed=r is not None)
    run = run_length(shared.s)
    indices = shared.window_indices(run)    # loop invariant: loaded once (None: transposed)

    def emit_run(width, name, region):
        b.start_block(name, mca_region=region)
        rows = shared.right_rows(x_ptr, width, indices if width == run else shared.window_indices(width))
        for m in range(0, l - 1, 2):
            b.store_pair("q", rows[m], rows[m + 1], out_ptr, 16 * m)
        if l % 2:
            b.store("q", rows[-1], out_ptr, 16 * (l - 1))

    def advance():
        b.gop_imm("add", "x", out_ptr, interleaved_run_bytes(l), dst=out_ptr)
        b.gop_imm("add", "x", x_ptr, run * l * shared.s, dst=x_ptr)

    in_runs(b, n, run, emit_run, advance, interleave_runs_name(l, r))
    b.ret()
