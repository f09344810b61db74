"""The table-form GF(16) kernels (out/gf16m_mul_tables.S, out/gf16m_rowdot_tbl_<p>x<l>x<l>.S,
out/gf16m_rowdot_rtbl_<l>x<l>x<l>.S, and the paired form: out/gf16m_mul_pair_tables*.S,
out/gf16m_rowdot_ptbl_<p>x<l>x<l>.S, whose sums against the model for every run are
tests/test_gf16_shapes.py's)
under qemu, against the independent Python model (tests/gf16_model.py), with guard
pages before and after every operand and AAPCS64 canaries on every call (the
runners of tests/harness). Generated variants with one step of the method broken
must be caught by the same checks."""
import random
from unittest import mock

import pytest

from generator.kernels import gf16_kernels, tables, tables_gather, tables_right
from tests.aarch64 import BUILD, HARNESS, assert_harness_verdict, assembled, cross_build, run_qemu
from tests.conftest import kernel_table, mutant_kernel, written_sources
from tests.gf16_model import gf16_mul, mat_add, mat_prod
from tests.test_gf16_shapes import (PAIRED_SHAPES, WIDE_SHAPES, model_pair_tables, pair_table_bytes,
                                    random_matrices, run_dot, span, transposed_records)

# Rows of the left factor by single tables: T12's l x l blocks (Round 3's
# signature factors take the paired form, PAIRED_SHAPES), and Rounds 1 and 2's
# stacked factors, 9 x 3 and 25 x 5.
ROWS = {2: (2,), 3: (3, 9), 4: (4,), 5: (5, 25)}
# (l, p, form): the kernel gf16m_rowdot_<form>_<p>x<l>x<l>
LEFT = ([(l, p, "tbl") for l, rows in ROWS.items() for p in rows] + [(q, p, "ptbl") for p, q, _ in PAIRED_SHAPES]
        + [(q, p, "ptblw") for p, q, _ in WIDE_SHAPES])
# form -> its fewest rows per l (the every-pair test's left factor)
FEWEST = {"tbl": {l: rows[0] for l, rows in ROWS.items()},
          **{form: {q: min(p for p, q2, _ in shapes if q2 == q) for _, q, _ in shapes}
             for form, shapes in (("ptbl", PAIRED_SHAPES), ("ptblw", WIDE_SHAPES))}}


def model_tables(x):
    return b"".join(bytes(gf16_mul(e, y) for y in range(16)) for e in x)


def tables_of(form, x, l):
    """The model of a p x l left factor's tables in the form."""
    return model_tables(x) if form == "tbl" else model_pair_tables(x, l)



def run_tables(runner, kernel, xs, pair=None):
    """The kernel's tables of each x: one 16-byte table per element, or, given the
    elements of a pair of rows (`pair`), per two elements, n the pairs."""
    n = len(xs[0])
    size, count = (16 * n, n) if pair is None else (8 * n, n // pair)
    out = run_qemu(runner, [kernel, "separate", 0, f"{size},{n}", count], b"".join(xs)).stdout
    assert len(out) == size * len(xs)
    return [out[i * size:(i + 1) * size] for i in range(len(xs))]


@pytest.mark.parametrize("n", [1, 3, 4, 7, 64, 517])
def test_mul_tables_match_model(gf16_runner, n):
    """Every element value, random rows, and lengths around the unrolled loop's 4
    (the runner has no empty record: n = 0 is the loops' cbz, as in rowdot)."""
    rng = random.Random(n)
    xs = [bytes(range(16)) * (n // 16) + bytes(range(n % 16))] + random_matrices(rng, 6, n)
    assert run_tables(gf16_runner, "gf16m_mul_tables", xs) == [model_tables(x) for x in xs]


@pytest.mark.parametrize("q, pairs", [(4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 7), (4, 64), (4, 42 * 4 * 8 // 2),
                                      (5, 1), (5, 3), (5, 44 * 5 * 8 // 2)])
def test_mul_pair_tables_match_model(gf16_runner, q, pairs):
    """Every element value in both rows of a pair, random rows of q elements, from
    one pair to the most a Round 3 set asks for (n l r / 2 of SNOVA_III_K, 42 · 4 ·
    8 / 2, and of SNOVA_V_K, 44 · 5 · 8 / 2); for q = 4, groups of four pairs
    and every leftover after them."""
    rng = random.Random(pairs)
    n = 2 * q * pairs
    ramp = (bytes(range(16)) * (n // 16 + 1))[:n]
    xs = [ramp, ramp[::-1]] + random_matrices(rng, 6, n)
    kernel = "gf16m_mul_pair_tables" + ("" if q == 4 else f"_r{q}")
    assert run_tables(gf16_runner, kernel, xs, 2 * q) == [model_pair_tables(x, q) for x in xs]


@pytest.mark.parametrize("matrices", [1, 2, 3, 46])
def test_mul_pair_tables_of_odd_matrices_match_model(gf16_runner, matrices):
    """gf16m_mul_pair_tables_25x5 (SNOVA_V_S's stacked factors, 46 of them a
    signature): each matrix's 12 pairs and its last row paired with a zero row,
    not with the next matrix's first; every element value in every column."""
    rng = random.Random(matrices)
    size = 25 * 5 * matrices
    ramp = (bytes(range(16)) * (size // 16 + 1))[:size]
    xs = [ramp, ramp[::-1]] + random_matrices(rng, 6, size)
    out = run_qemu(gf16_runner, ["gf16m_mul_pair_tables_25x5", "separate", 0, f"{1040 * matrices},{size}", matrices],
                   b"".join(xs)).stdout
    want = [b"".join(model_pair_tables(x[125 * i:125 * (i + 1)], 5) for i in range(matrices)) for x in xs]
    assert [out[i * 1040 * matrices:(i + 1) * 1040 * matrices] for i in range(len(xs))] == want


def table_bytes(l, p, form):
    """Bytes of a p x l left factor's tables: 16 per element, or its pair tables'."""
    return 16 * l * p if form == "tbl" else pair_table_bytes(p, l)


def table_records(l, p, n, count, cases, seed, gap=(48, 3), form="tbl"):
    """acc, the tables of X_k (X_k p x l, tables at a stride with a gap of
    garbage), the Y rows (n l x l matrices per k, a gap after each row), expected acc."""
    sq, tsize = l * l, table_bytes(l, p, form)
    tstride, ystride = tsize + gap[0], sq * n + gap[1]
    rng = random.Random(seed)
    records = []
    for case in range(cases):
        fill = (lambda size: bytes([15] * size)) if case == 0 else (lambda size: random_matrices(rng, 1, size)[0])
        xs = [fill(l * p) for _ in range(count)]
        acc, y = fill(l * p * n), fill(span(count, ystride, sq * n))
        tabs = bytearray(rng.randbytes(span(count, tstride, tsize)))
        for k, x in enumerate(xs):
            tabs[k * tstride:k * tstride + tsize] = tables_of(form, x, l)
        expect = bytearray(acc)
        for c in range(n):
            cell = acc[c * l * p:(c + 1) * l * p]
            for k, x in enumerate(xs):
                cell = mat_add(cell, mat_prod(x, y[k * ystride + sq * c:k * ystride + sq * (c + 1)], p, l, l))
            expect[c * l * p:(c + 1) * l * p] = cell
        records.append((acc, bytes(tabs), y, bytes(expect)))
    return records, tstride, ystride


def run_table_rowdot(runner, kernel, l, p, n, count, records, tstride, ystride, check=True, form="tbl"):
    """dot_runner with X the tables of a p x l matrix (table_bytes)."""
    args = [kernel, p, l, l, count, tstride, ystride, n, table_bytes(l, p, form)]
    result = run_qemu(runner, args, b"".join(acc + x + y for acc, x, y, _ in records), check)
    if not check:
        return result
    size = l * p * n
    return [result.stdout[i * size:(i + 1) * size] for i in range(len(records))]


# Row lengths with every run (l = 2: main loop of 8, leftovers of 7 to 1 (27 = 3
# x 8 + 3, 14 = 8 + 6); l = 3: main loop of 5, leftovers of 4 to 1; l = 4:
# main loop of 4, leftovers of 3, 2 and 1, and in wide runs main loop of 8, then
# runs of 4 (12, 14) and of 3, 2 and 1; l = 5: main loop of 3, leftovers of 2 and
# 1) and none; counts of one, a few and the sets' v.
TABLE_RUNS = [(0, 1), (1, 2), (2, 1), (3, 3), (4, 2), (7, 2), (27, 1), (5, 29), (8, 40), (12, 2), (14, 3)]


@pytest.mark.parametrize("n, count", TABLE_RUNS)
@pytest.mark.parametrize("l, p, form", LEFT)
def test_rowdot_tables_match_model(dot_runner, l, p, form, n, count):
    records, tstride, ystride = table_records(l, p, n, count, 6, l * 100000 + p * 1000 + n * 10 + count, form=form)
    got = run_table_rowdot(dot_runner, f"gf16m_rowdot_{form}_{p}x{l}x{l}", l, p, n, count, records, tstride, ystride,
                           form=form)
    assert got == [r[3] for r in records]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 6])
@pytest.mark.parametrize("l, p, form", LEFT)
def test_rowdot_tables_flush_operands(dot_runner, l, p, form, n):
    """No gap after the tables or the rows of Y: every leftover run's loads end at
    its operands' last byte (the guard pages sit right after them)."""
    records, tstride, ystride = table_records(l, p, n, 2, 3, l * 1000 + p * 10 + n, gap=(0, 0), form=form)
    got = run_table_rowdot(dot_runner, f"gf16m_rowdot_{form}_{p}x{l}x{l}", l, p, n, 2, records, tstride, ystride,
                           form=form)
    assert got == [r[3] for r in records]


@pytest.mark.parametrize("l, form", [*((l, "tbl") for l in ROWS), (4, "ptbl"), (5, "ptbl"), (4, "ptblw")])
def test_rowdot_tables_every_pair(dot_runner, l, form):
    """Every (element, value) pair through every term: X (its fewest rows) all e in
    column m, and row m of the run's right factors (16 // l of them, a wide run's
    twice that) holds values that put each of the 16 in some lane of each group
    of four (l = 3 and 5 fill 15 lanes: a second record shifts them by one)."""
    sq, width, p = l * l, 16 // l * (2 if form == "ptblw" else 1), FEWEST[form][l]
    records = []
    for shift in range(16 - width * l + 1):
        for m in range(l):
            for e in range(16):
                x = bytes(e if i % l == m else 0 for i in range(l * p))
                ys = bytes((l * c + j + shift) % 16 if i == m else 0 for c in range(width) for i in range(l)
                           for j in range(l))
                expect = b"".join(mat_prod(x, ys[sq * c:sq * (c + 1)], p, l, l) for c in range(width))
                records.append((bytes(l * p * width), tables_of(form, x, l), ys, expect))
    got = run_table_rowdot(dot_runner, f"gf16m_rowdot_{form}_{p}x{l}x{l}", l, p, width, 1, records,
                           table_bytes(l, p, form), sq * width, form=form)
    assert got == [r[3] for r in records]


# --- deliberately broken variants -------------------------------------------------------------------

# The broken variants and the kernels they break: `drop_term` leaves out the last
# TBL of each row (xor_tree over three terms); `overread` moves a 2-matrix leftover
# as four (LD4R and lane loads of four matrices); `band` splits the rows of the
# paired 8x4x4 into bands of 4 and gives the first band the second's rows (wrong
# row base); `nibble` packs and parts the paired form's sums 3 bits apart, not 4;
# `right_columns` swaps two columns of the right-table kernel's X; `right_overread`
# moves its leftover of two block columns as three; `right<l>_columns` and
# `right<l>_overread` do the same to the rank-5, 3 and 2 ones; `left5_rows` swaps two gathered
# rows of the rank-5 paired left-table kernel's Y (the stacked 25x5x5's, whose right factors
# come from windows), `left5_overread` moves its leftover of
# two right factors as three, `ptblt_rows` the same swap in the transposed form's
# rows of Y, `left5_unclamped` lets its windows of Y start at
# their rows even where they then run past the run's last byte (the interleaved form's
# mutants: tests/test_gf16_shapes.py); `odd_band` cuts the paired 25x5x5's rows into bands
# of 13 and 12, the second starting within a pair; `wide_rows` gives a wide run's
# second group of right factors the first group's rows of Y (loading its own),
# `wide_overread` moves the run of four after the wide runs as eight.
MUTANTS = {"drop_term": "gf16m_rowdot_tbl_4x4x4", "overread": "gf16m_rowdot_tbl_4x4x4",
           "band": "gf16m_rowdot_ptbl_8x4x4", "nibble": "gf16m_rowdot_ptbl_8x4x4",
           "right_columns": "gf16m_rowdot_rtbl_4x4x4",
           "right_overread": "gf16m_rowdot_rtbl_4x4x4", "right5_columns": "gf16m_rowdot_rtbl_5x5x5",
           "right5_overread": "gf16m_rowdot_rtbl_5x5x5", "right3_columns": "gf16m_rowdot_rtbl_3x3x3",
           "right3_overread": "gf16m_rowdot_rtbl_3x3x3", "right2_columns": "gf16m_rowdot_rtbl_2x2x2",
           "right2_overread": "gf16m_rowdot_rtbl_2x2x2", "left5_rows": "gf16m_rowdot_ptbl_25x5x5",
           "left5_overread": "gf16m_rowdot_ptbl_25x5x5", "odd_band": "gf16m_rowdot_ptbl_25x5x5",
           "left5_unclamped": "gf16m_rowdot_ptbl_25x5x5", "ptblt_rows": "gf16m_rowdot_ptblt_24x4x6",
           "wide_rows": "gf16m_rowdot_ptblw_16x4x4", "wide_overread": "gf16m_rowdot_ptblw_8x4x4"}


def first_group_rows(real):
    """load_rows that loads as it should but hands a run's second group the rows
    it loaded for the first (a call with no step is a first group's)."""
    first = []

    def load_rows(b, yk, width, step, transposed=False):
        rows = real(b, yk, width, step, transposed)
        if step is None:
            first[:] = rows
            return rows
        return list(first) or rows
    return load_rows


def mutant_source(kind):
    """The assembly of a broken variant (MUTANTS), generated with its patches."""
    spec = next(k for k in gf16_kernels(("rowdot",)) if k.name == MUTANTS[kind])

    def patches():
        if kind == "drop_term":
            real = tables.xor_tree
            return [mock.patch.object(tables, "xor_tree", lambda b, values, arr: real(b, values[:-1], arr))]
        if kind == "right_columns":
            return [mock.patch.object(tables, "columns_of", lambda b, xs, real=tables.columns_of:
                                      (lambda cols: [cols[0], cols[2], cols[1], cols[3]])(real(b, xs)))]
        if kind == "right_overread":
            return [mock.patch.object(tables, "right_table_run",
                                      lambda b, width, *rest, real=tables.right_table_run:
                                      real(b, 3 if width == 2 else width, *rest))]
        if kind in ("right5_columns", "right3_columns", "right2_columns"):
            return [mock.patch.object(tables_right, "column_indices", lambda l, m, real=tables_right.column_indices:
                                      real(l, {0: 1, 1: 0}.get(m, m)))]
        if kind in ("right5_overread", "right3_overread", "right2_overread"):
            return [mock.patch.object(tables_right.RightTables, "run",
                                      lambda self, width, *rest, real=tables_right.RightTables.run:
                                      real(self, 3 if width == 2 else width, *rest))]
        if kind in ("left5_rows", "ptblt_rows"):
            return [mock.patch.object(tables_gather.LeftTables, "right_rows",
                                      lambda self, yk, width, *rest, real=tables_gather.LeftTables.right_rows:
                                      (lambda rows: [rows[0], rows[2], rows[1], *rows[3:]])(
                                          real(self, yk, width, *rest)))]
        if kind == "left5_overread":
            return [mock.patch.object(tables_gather.LeftTables, "run",
                                      lambda self, width, *rest, real=tables_gather.LeftTables.run:
                                      real(self, 3 if width == 2 else width, *rest))]
        if kind == "overread":
            return [mock.patch.object(tables, "load_rows",
                                      lambda b, yk, width, step, transposed, real=tables.load_rows:
                                      real(b, yk, 4 if width == 2 else width, step, transposed))]
        if kind == "left5_unclamped":
            return [mock.patch.object(tables_gather, "window_start", lambda start, size: start)]
        if kind == "odd_band":
            return [mock.patch.object(tables_gather, "left_bands",
                                      lambda s, p, rows_per_sum, max_sums: [(0, 13), (13, 12)])]
        if kind == "nibble":
            return [mock.patch.object(tables, "NIBBLE", 3)]
        if kind == "wide_rows":
            return [mock.patch.object(tables, "load_rows", first_group_rows(tables.load_rows))]
        if kind == "wide_overread":
            return [mock.patch.object(tables, "table_run", lambda b, p, band, width, *rest, real=tables.table_run:
                                      real(b, p, band, 2 * width if width == 4 else width, *rest))]
        real = tables.Sums.pointer
        return [mock.patch.object(tables, "table_band", lambda p, paired=False, width=4: 4),
                mock.patch.object(tables.Sums, "pointer", lambda self, c: real(self, c) if self.r0 else
                                  self.b.gop_imm("add", "x", self.acc_ptr, c * self.p * 4 + 16))]

    return mutant_kernel(spec, kind, patches())


@pytest.fixture(scope="session")
def mutant_runner():
    directory = BUILD / "table_mutants"
    sources = written_sources(directory, {f"mutant_{k}.S": mutant_source(k) for k in MUTANTS})
    table = kernel_table(directory, {k: f"mutant_{k}_{name}" for k, name in MUTANTS.items()})
    return cross_build("mutant_table_runner", [HARNESS / "dot_runner.c", HARNESS / "guard.c", HARNESS / "canary.S",
                                               *assembled(sources)], include_dirs=[table, HARNESS])


@pytest.mark.parametrize("kind, p, n, form", [("drop_term", 4, 5, "tbl"), ("band", 8, 3, "ptbl"),
                                              ("nibble", 8, 3, "ptbl"), ("left5_rows", 25, 4, "ptbl"),
                                              ("odd_band", 25, 3, "ptbl"), ("wide_rows", 16, 9, "ptblw")])
def test_wrong_sum_mutants_are_caught(dot_runner, mutant_runner, kind, p, n, form):
    """The real kernel passes the records the mutant fails."""
    l = 5 if kind.startswith("left5") or kind == "odd_band" else 4
    records, tstride, ystride = table_records(l, p, n, 2, 4, 11, form=form)
    want = [r[3] for r in records]
    assert run_table_rowdot(dot_runner, f"gf16m_rowdot_{form}_{p}x{l}x{l}", l, p, n, 2, records, tstride, ystride,
                            form=form) == want
    assert run_table_rowdot(mutant_runner, kind, l, p, n, 2, records, tstride, ystride, form=form) != want


def test_transposed_rows_mutant_is_caught(dot_runner, mutant_runner):
    """The real transposed-form kernel passes the records whose sums the mutant
    with two rows of Y swapped gets wrong."""
    shape = (24, 4, 6)
    records, stride, ystride = transposed_records(shape, 3, 2, 4, 5)
    want = [r[3] for r in records]
    args = (shape, 2, stride, ystride, 3, records, pair_table_bytes(24, 4))
    assert run_dot(dot_runner, "gf16m_rowdot_ptblt_24x4x6", *args) == want
    assert run_dot(mutant_runner, "ptblt_rows", *args) != want


@pytest.mark.parametrize("kind, l, p, n, form", [("overread", 4, 4, 2, "tbl"), ("left5_overread", 5, 25, 5, "ptbl"),
                                                 ("left5_unclamped", 5, 25, 3, "ptbl"),
                                                 ("wide_overread", 4, 8, 12, "ptblw")])
def test_overread_mutant_is_caught(mutant_runner, kind, l, p, n, form):
    """A leftover of two right factors read as four (l = 4) or three (l = 5), or
    a window of Y past the run's last byte, runs into the guard page after Y (no
    gap)."""
    records, tstride, ystride = table_records(l, p, n, 1, 1, 3, gap=(0, 0), form=form)
    assert_harness_verdict(run_table_rowdot(mutant_runner, kind, l, p, n, 1, records, tstride, ystride, False,
                                            form=form), "segv")


# --- the fixed factor on the right: gf16m_rowdot_rtbl_<l>x<l>x<l> ----------------------------------

RIGHT = {l: f"gf16m_rowdot_rtbl_{l}x{l}x{l}" for l in (2, 3, 4, 5)}


def right_table_records(l, rows, n, count, cases, seed, gap=5):
    """acc (rows x n matrices of l x l), the X region (rows of count matrices, a gap
    of garbage after each), the tables of T_k[c] (k < count, c < n), expected acc."""
    sq = l * l
    xrow = sq * count + gap
    rng = random.Random(seed)
    records = []
    for case in range(cases):
        fill = (lambda size: bytes([15] * size)) if case == 0 else (lambda size: random_matrices(rng, 1, size)[0])
        acc, x, ts = fill(sq * rows * n), bytearray(rng.randbytes(span(rows, xrow, sq * count))), fill(sq * count * n)
        for r in range(rows):
            x[r * xrow:r * xrow + sq * count] = fill(sq * count)
        expect = bytearray(acc)
        for r in range(rows):
            for c in range(n):
                cell = acc[sq * (r * n + c):sq * (r * n + c + 1)]
                for k in range(count):
                    t = ts[sq * (k * n + c):sq * (k * n + c + 1)]
                    cell = mat_add(cell, mat_prod(x[r * xrow + sq * k:r * xrow + sq * (k + 1)], t, l, l, l))
                expect[sq * (r * n + c):sq * (r * n + c + 1)] = cell
        records.append((acc, bytes(x), model_tables(ts), bytes(expect)))
    return records, xrow


def run_right_tables(runner, kernel, l, rows, n, count, records, xrow, check=True):
    result = run_qemu(runner, [kernel, "rtbl", l, rows, n, count, xrow],
                      b"".join(r[0] + r[1] + r[2] for r in records), check)
    if not check:
        return result
    size = l * l * rows * n
    return [result.stdout[i * size:(i + 1) * size] for i in range(len(records))]


# Block columns with every run (l = 2: main loop of 6, leftovers of 5 to 1; l = 3
# and 4: main loop of 4, leftovers of 3, 2 and 1; l = 5: main loop of 3,
# leftovers of 2 and 1); one and several groups of rows; counts of one, a few
# and the sets' v (Round 2's 24, 25, 29, 37, 49 and 56, Round 3's 40).
RIGHT_RUNS = {2: [(8, 1, 1), (8, 2, 3), (16, 3, 2), (8, 4, 1), (8, 5, 2), (16, 6, 1), (8, 7, 3), (8, 11, 2),
                  (8, 17, 37), (16, 25, 56)],
              3: [(5, 1, 1), (5, 2, 3), (10, 3, 2), (5, 4, 1), (15, 5, 2), (5, 7, 3), (10, 8, 2), (5, 11, 49),
                  (20, 8, 25)],
              4: [(4, 1, 1), (4, 2, 3), (8, 3, 2), (4, 4, 1), (12, 5, 2), (4, 7, 3), (8, 8, 2), (4, 10, 24),
                  (20, 5, 24)],
              5: [(3, 1, 1), (3, 2, 3), (6, 3, 2), (3, 4, 1), (9, 5, 2), (3, 6, 3), (6, 7, 2), (3, 8, 29),
                  (12, 5, 24), (6, 6, 40)]}


@pytest.mark.parametrize("l, rows, n, count", [(l, *run) for l, runs in RIGHT_RUNS.items() for run in runs])
def test_rowdot_right_tables_match_model(dot_runner, l, rows, n, count):
    records, xrow = right_table_records(l, rows, n, count, 4, l * 1000000 + rows * 10000 + n * 100 + count)
    assert run_right_tables(dot_runner, RIGHT[l], l, rows, n, count, records, xrow) == [r[3] for r in records]


@pytest.mark.parametrize("l", RIGHT)
def test_rowdot_right_tables_no_rows(dot_runner, l):
    """rows = 0 is the group loop's cbz: acc (empty) and everything else untouched."""
    sq = l * l
    out = run_qemu(dot_runner, [RIGHT[l], "rtbl", l, 0, 1, 1, sq], bytes(sq) + bytes(16 * sq)).stdout
    assert out == b""


@pytest.mark.parametrize("l, kind, n", [(4, "right_columns", 5), (5, "right5_columns", 4), (3, "right3_columns", 5),
                                        (2, "right2_columns", 7)])
def test_right_columns_mutant_is_caught(dot_runner, mutant_runner, l, kind, n):
    rows = 16 // l
    records, xrow = right_table_records(l, rows, n, 2, 4, 12 + l)
    want = [r[3] for r in records]
    assert run_right_tables(dot_runner, RIGHT[l], l, rows, n, 2, records, xrow) == want
    assert run_right_tables(mutant_runner, kind, l, rows, n, 2, records, xrow) != want


@pytest.mark.parametrize("l, kind, n", [(4, "right_overread", 6), (5, "right5_overread", 5),
                                        (3, "right3_overread", 6), (2, "right2_overread", 8)])
def test_right_overread_mutant_is_caught(dot_runner, mutant_runner, l, kind, n):
    """A leftover of two block columns moved as three runs past the tables and acc."""
    rows = 16 // l
    records, xrow = right_table_records(l, rows, n, 1, 1, 13)
    assert run_right_tables(dot_runner, RIGHT[l], l, rows, n, 1, records, xrow) == [records[0][3]]
    assert_harness_verdict(run_right_tables(mutant_runner, kind, l, rows, n, 1, records, xrow, False), "segv")


@pytest.mark.parametrize("l", RIGHT)
def test_rowdot_right_tables_every_pair(dot_runner, l):
    """Every (element, value) pair through every term: T all e in row m, and the
    rows of a group hold values in column m that put each of the 16 values in some
    lane (l = 3 and 5 fill 15 lanes: a second record shifts the values by one)."""
    sq, rows = l * l, 16 // l
    records = []
    for shift in range(16 - rows * l + 1):
        for m in range(l):
            for e in range(16):
                t = bytes(e if i // l == m else 0 for i in range(sq))
                x = bytes((l * r + i + shift) % 16 if j == m else 0 for r in range(rows) for i in range(l)
                          for j in range(l))
                expect = b"".join(mat_prod(x[sq * r:sq * (r + 1)], t, l, l, l) for r in range(rows))
                records.append((bytes(sq * rows), x, model_tables(t), expect))
    assert run_right_tables(dot_runner, RIGHT[l], l, rows, 1, 1, records, sq) == [r[3] for r in records]
