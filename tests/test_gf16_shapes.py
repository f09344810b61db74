"""The GF(16) kernels of SNOVA Round 3's rectangular shapes (out/gf16m_*_<p>x<q>x<s>.S,
the square ranks 6 and 8 they include, and gf16m_linsys_l<l>r<r>.S) under qemu,
against the independent Python model (tests/gf16_model.py), with guard pages
before and after every operand and AAPCS64 canaries on every call (the runners
of tests/harness). Generated variants with one step of the method broken must
be caught by the same checks."""
import contextlib
import functools
import operator
import random
import re
from dataclasses import dataclass
from unittest import mock

import pytest

from generator import plan
from generator.kernels import (KernelSpec, folded, gf16, gf16_kernels, linsys, matrix, tables, tables_gather,
                               tables_weights, unpack)
from generator.machine import load_model
from generator.pipeline import generate_kernel
from tests.aarch64 import BUILD, HARNESS, OUT, assert_harness_verdict, assembled, cross_build, run_qemu
from tests.conftest import kernel_table, written_sources
from tests.gf16_model import gf16_mul, linsys_pair, mat_add, mat_prod

# SNOVA Round 3: l in {2, 4, 5}, r in {2, 4, 5, 6, 8}; per (l, r) the products
# l×l·l×r, r×l·l×l, r×l·l×r, r×r·r×r and r×r·r×l, for mul also l×r·r×l, for dot
# also scalars times l×r and r×r matrices. Square l×l products are the rank
# kernels (tests/test_gf16_kernels.py covers ranks 2 to 5).
PAIRS = ((2, 2), (4, 4), (4, 5), (4, 6), (4, 8), (5, 5), (5, 6), (5, 8))
# The signing-system kernels: every pair, and Round 2's rank 3 (l = r = 3, no Round 3 pair).
SYSTEMS = PAIRS + ((3, 3),)


def pair_dims(extra):
    return sorted({(p, q, s) for l, r in PAIRS
                   for p, q, s in ((l, l, r), (r, l, l), (r, l, r), (r, r, r), (r, r, l), *extra(l, r))
                   if not p == q == s or p > 5})


SHAPES = pair_dims(lambda l, r: ())
# rowdot also has Rounds 1 and 2's stacked l factors of ranks 3 and 5 (9×3·3×3,
# 25×5·5×5; Round 3's stacked factors go by pair tables, PAIRED_SHAPES)
ROWDOT_SHAPES = sorted(SHAPES + [(9, 3, 3), (25, 5, 5)])
# and the folded form (generator/kernels/folded.py) of r×l·l×l for l = 5, r ≠ 5
FOLDED_SHAPES = [(6, 5, 5), (8, 5, 5)]
# its patterned form, for rank 5 (T12's blocks)
PATTERNED_SHAPES = [(5, 5, 5)]
# and the form by right factors given replicated: rank 4 and r×4·4×4 (the Round 3
# pairs (4, r)); the replicas of a 4×4 matrix are the same for all of them
REPLICATED_SHAPES = [(4, 4, 4), (5, 4, 4), (6, 4, 4), (8, 4, 4)]
# and the products by the signature's l×8 Yt blocks given replicated: G2's l×l·l×8
# (the pairs (4, 8) and (5, 8); their Z sums go by pair tables, TRANSPOSED_SHAPES)
REPLICATED_SHAPES += [(4, 4, 8), (5, 5, 8)]
# and the form by left factors given as the pair tables of their rows: the Round 3
# pairs (4, r)'s r×4·4×4, or (4r)×4·4×4 where stacked, and (5, 5)'s stacked 25×5
# (an odd last row, two bands of rows)
PAIRED_SHAPES = [(8, 4, 4), (16, 4, 4), (20, 4, 4), (24, 4, 4), (25, 5, 5)]
# the same form for the equations' weighted sums of the r×r Z_ab: eight terms'
# weights (8×1) times each Z_ab (1×r²)
WEIGHT_SHAPES = [(8, 1, 16), (8, 1, 25), (8, 1, 36), (8, 1, 64)]
# the l = 4 ones also in runs of eight right factors (the in-order little cores')
WIDE_SHAPES = [s for s in PAIRED_SHAPES if s[1] == 4]
# and (5, 6), (5, 8)'s r×5·5×5 with the right factors interleaved in runs, and
# their Z sums' r×5·5×r over T's transposes so interleaved
INTERLEAVED_SHAPES = [(6, 5, 5), (8, 5, 5), (6, 5, 6), (8, 5, 8)]
# the interleavers of T's r×5 blocks' transposes for those (r, l)
INTERLEAVED_TRANSPOSES = [(6, 5), (8, 5)]
MUL_SHAPES = pair_dims(lambda l, r: [(l, r, l)])
# scalars times l×r and r×r matrices, and Round 2's rank 3 (scalars times 3×3, no Round 3 pair)
DOT_SHAPES = sorted(pair_dims(lambda l, r: [(1, 1, l * r), (1, 1, r * r)]) + [(1, 1, 9)])


def name(shape):
    p, q, s = shape
    return f"r{p}" if p == q == s else f"{p}x{q}x{s}"


def shipped(family, shapes):
    """Those of shapes whose product some row of the variant plan takes: out/ has
    no other (gen.py --all-shapes emits the rest of the catalogue)."""
    return [s for s in shapes if f"gf16m_{family}_{name(s)}" in plan.used_kernels()]


SHAPES, MUL_SHAPES = shipped("rowdot", SHAPES), shipped("mul", MUL_SHAPES)
DOT_SHAPES, ROWDOT_SHAPES = shipped("dot", DOT_SHAPES), shipped("rowdot", ROWDOT_SHAPES)


def table_name(shape):
    """The table forms name every shape by its three sizes, squares too."""
    return "x".join(map(str, shape))


NIBBLES = bytes(range(16)) * 16       # bytes.translate table: x -> x mod 16


def random_matrices(rng, count, size):
    return [rng.randbytes(size).translate(NIBBLES) for _ in range(count)]


def test_out_has_exactly_the_shapes_the_pairs_need():
    """(The table-form rowdots, gf16m_rowdot_tbl_* and gf16m_rowdot_rtbl_*: tests/test_gf16_tables.py.)"""
    rect = {p.stem for p in OUT.glob("gf16m_*.S")
            if re.search(r"_\d+x\d+x\d+$", p.stem) and not re.search("tbl[twi]*_|fold_|rrep_", p.stem)}
    assert rect == {f"gf16m_{f}_{name(s)}" for f, shapes in (("mul", MUL_SHAPES), ("dot", DOT_SHAPES),
                                                             ("rowdot", ROWDOT_SHAPES)) for s in shapes if len(set(s)) > 1}
    assert {p.stem for p in OUT.glob("gf16m_rowdot_fold_*.S")} == {
        *(f"gf16m_rowdot_fold_{name(s)}" for s in FOLDED_SHAPES),
        *(f"gf16m_rowdot_fold_pat_{name(s)}" for s in PATTERNED_SHAPES)}
    assert (OUT / "gf16m_fold_patterns.S").exists()
    assert {p.stem for p in OUT.glob("gf16m_rowdot_rrep_*.S")} == {f"gf16m_rowdot_rrep_{name(s)}"
                                                                   for s in REPLICATED_SHAPES}
    assert {p.stem for p in OUT.glob("gf16m_rowdot_ptbl_*.S")} == {f"gf16m_rowdot_ptbl_{table_name(s)}"
                                                                   for s in PAIRED_SHAPES + WEIGHT_SHAPES}
    assert {p.stem for p in OUT.glob("gf16m_rowdot_ptblt_*.S")} == {f"gf16m_rowdot_ptblt_{table_name(s)}"
                                                                    for s in TRANSPOSED_SHAPES}
    assert {p.stem for p in OUT.glob("gf16m_rowdot_ptblw_*.S")} == {f"gf16m_rowdot_ptblw_{table_name(s)}"
                                                                    for s in WIDE_SHAPES}
    assert {p.stem for p in OUT.glob("gf16m_rowdot_ptbli_*.S")} == {f"gf16m_rowdot_ptbli_{table_name(s)}"
                                                                    for s in INTERLEAVED_SHAPES}
    assert (OUT / "gf16m_interleave_runs_r5.S").exists()
    assert {p.stem for p in OUT.glob("gf16m_interleave_transposes_*.S")} == {
        f"gf16m_interleave_transposes_{r}x{l}" for r, l in INTERLEAVED_TRANSPOSES}
    assert {p.stem for p in OUT.glob("gf16m_rowdot_ptblwi_*.S")} == {f"gf16m_rowdot_ptblwi_{table_name(s)}"
                                                                     for s in WIDE_SHAPES}
    assert (OUT / "gf16m_unpack_runs_r4.S").exists()
    assert {p.stem for p in OUT.glob("gf16m_linsys_l*.S")} == {f"gf16m_linsys_l{l}r{r}" for l, r in SYSTEMS}


# --- one product ------------------------------------------------------------------------------------

def edge_cases(p, q, s):
    """Zero, all-15, all-one, ramps and the identity-like 1 on i == j, in every pairing."""
    def special(rows, cols):
        n = rows * cols
        return [bytes(n), bytes([15] * n), bytes([1] * n), bytes(i % 16 for i in range(n)),
                bytes(15 - i % 16 for i in range(n)), bytes(int(i // cols == i % cols) for i in range(n))]
    return [(a, b) for a in special(p, q) for b in special(q, s)]


def all_products_cases(p, q, s):
    """For every term k and every pair (x, y): column k of A all x, row k of B all
    y, the rest zero, so that every lane of C multiplies every pair through
    every term."""
    cases = []
    for k in range(q):
        for x in range(16):
            for y in range(16):
                a = bytes(x if i % q == k else 0 for i in range(p * q))
                b = bytes(y if i // s == k else 0 for i in range(q * s))
                cases.append((a, b))
    return cases


def run_mul(runner, kernel, mode, shape, cases):
    p, q, s = shape
    out = run_qemu(runner, [kernel, mode, 2, f"{p * q},{q * s},{p * s}"], b"".join(a + b for a, b in cases)).stdout
    assert len(out) == p * s * len(cases)
    return [out[i * p * s:(i + 1) * p * s] for i in range(len(cases))]


def mul_modes(shape):
    """c may be a when a and c have one size (q == s), b when b and c do (p == q)."""
    p, q, s = shape
    return ["separate"] + ["alias_a"] * (q == s) + ["alias_b"] * (p == q)


@pytest.mark.parametrize("shape", MUL_SHAPES, ids=name)
def test_mul_matches_model(gf16_runner, shape):
    p, q, s = shape
    rng = random.Random(p * 100 + q * 10 + s)
    for mode in mul_modes(shape):
        count = 10_000 if mode == "separate" else 3_000
        cases = list(zip(random_matrices(rng, count, p * q), random_matrices(rng, count, q * s)))
        if mode == "separate":
            cases += edge_cases(p, q, s) + all_products_cases(p, q, s)
        for (a, b), got in zip(cases, run_mul(gf16_runner, f"gf16m_mul_{name(shape)}", mode, shape, cases)):
            assert got == mat_prod(a, b, p, q, s), f"{mode} a={a.hex()} b={b.hex()}"


def test_all_products_cases_cover_every_pair_in_every_lane_and_term():
    p, q, s = 3, 4, 5
    seen = {}
    for a, b in all_products_cases(p, q, s):
        for i in range(p):
            for j in range(s):
                for k in range(q):
                    if a[i * q + k] and b[k * s + j]:
                        seen.setdefault((i, j, k), set()).add((a[i * q + k], b[k * s + j]))
    full = {(x, y) for x in range(1, 16) for y in range(1, 16)}
    assert len(seen) == p * q * s and all(pairs == full for pairs in seen.values())


def test_model_products_are_associative_and_match_the_square_model():
    rng = random.Random(1)
    for _ in range(20):
        a, b, c = random_matrices(rng, 1, 4 * 5)[0], random_matrices(rng, 1, 5 * 8)[0], random_matrices(rng, 1, 8 * 6)[0]
        assert mat_prod(mat_prod(a, b, 4, 5, 8), c, 4, 8, 6) == mat_prod(a, mat_prod(b, c, 5, 8, 6), 4, 5, 6)
    eye = bytes(int(i // 5 == i % 5) for i in range(25))
    m = random_matrices(rng, 1, 5 * 8)[0]
    assert mat_prod(eye, m, 5, 5, 8) == m


# --- sums of products ---------------------------------------------------------------------------------

def span(count, stride, size):
    return (count - 1) * stride + size if count else 0


def run_dot(runner, kernel, shape, count, xstride, ystride, n, records, xbytes=None, ybytes=None, yrow=None):
    """records: (acc, x region, y region, expected acc); n None for gf16m_dot;
    xbytes (ybytes): the bytes of one X (Y) when it is not given as its elements;
    yrow: the bytes of a row of n Y when they are not n·ybytes."""
    p, q, s = shape
    if yrow is not None:
        ybytes = ybytes or q * s
    sizes = [] if xbytes is None and ybytes is None else [xbytes or p * q] + ([] if ybytes is None else [ybytes])
    sizes += [] if yrow is None else [yrow]
    args = [kernel, *shape, count, xstride, ystride] + ([] if n is None else [n]) + sizes
    out = run_qemu(runner, args, b"".join(acc + x + y for acc, x, y, _ in records)).stdout
    size = len(records[0][3])
    return [out[i * size:(i + 1) * size] for i in range(len(records))]


def dot_records(shape, count, xgap, ygap, cases, seed):
    p, q, s = shape
    rng = random.Random(seed)
    records = []
    for case in range(cases):
        fill = (lambda size: bytes([15] * size)) if case == 0 else (lambda size: random_matrices(rng, 1, size)[0])
        acc, x, y = fill(p * s), fill(span(count, p * q + xgap, p * q)), fill(span(count, q * s + ygap, q * s))
        expect = acc
        for c in range(count):
            xc = x[c * (p * q + xgap):c * (p * q + xgap) + p * q]
            yc = y[c * (q * s + ygap):c * (q * s + ygap) + q * s]
            expect = mat_add(expect, mat_prod(xc, yc, p, q, s))
        records.append((acc, x, y, expect))
    return records


@pytest.mark.parametrize("count, xgap, ygap", [(0, 0, 0), (1, 3, 0), (19, 0, 7)])
@pytest.mark.parametrize("shape", DOT_SHAPES, ids=name)
def test_dot_matches_model(dot_runner, shape, count, xgap, ygap):
    """acc += Σ X_c·Y_c over strided sequences whose gaps hold garbage."""
    p, q, s = shape
    records = dot_records(shape, count, xgap, ygap, 30, hash((shape, count)) & 0xFFFF)
    got = run_dot(dot_runner, f"gf16m_dot_{name(shape)}", shape, count, p * q + xgap, q * s + ygap, None, records)
    assert got == [r[3] for r in records]


def rowdot_records(shape, n, count, cases, seed):
    p, q, s = shape
    xstride, ystride = p * q + 5, n * q * s + 3
    rng = random.Random(seed)
    records = []
    for case in range(cases):
        fill = (lambda size: bytes([15] * size)) if case == 0 else (lambda size: random_matrices(rng, 1, size)[0])
        acc, x, y = fill(n * p * s), fill(span(count, xstride, p * q)), fill(span(count, ystride, n * q * s))
        expect = bytearray(acc)
        for j in range(n):
            cell = acc[j * p * s:(j + 1) * p * s]
            for c in range(count):
                yc = y[c * ystride + j * q * s:c * ystride + (j + 1) * q * s]
                cell = mat_add(cell, mat_prod(x[c * xstride:c * xstride + p * q], yc, p, q, s))
            expect[j * p * s:(j + 1) * p * s] = cell
        records.append((acc, x, y, bytes(expect)))
    return records, xstride, ystride


# Row lengths whose runs use every width of every plan (main loops of 8, 4 or 2
# matrices, leftovers of 4, 2, 1), and none.
ROWDOT_RUNS = [(0, 1), (1, 2), (6, 3), (12, 1), (15, 2), (17, 4), (33, 1)]


@pytest.mark.parametrize("n, count", ROWDOT_RUNS)
@pytest.mark.parametrize("shape", ROWDOT_SHAPES, ids=name)
def test_rowdot_matches_model(dot_runner, shape, n, count):
    """acc[j] += Σ_c X_c·Y_c[j] for j < n, with garbage between the X matrices and
    after each Y row."""
    records, xstride, ystride = rowdot_records(shape, n, count, 8, hash((shape, n)) & 0xFFFF)
    got = run_dot(dot_runner, f"gf16m_rowdot_{name(shape)}", shape, count, xstride, ystride, n, records)
    assert got == [r[3] for r in records]


@pytest.mark.parametrize("n, count", ROWDOT_RUNS)
@pytest.mark.parametrize("shape", FOLDED_SHAPES, ids=name)
def test_folded_rowdot_matches_model(dot_runner, shape, n, count):
    records, xstride, ystride = rowdot_records(shape, n, count, 8, hash((shape, n, "fold")) & 0xFFFF)
    got = run_dot(dot_runner, f"gf16m_rowdot_fold_{name(shape)}", shape, count, xstride, ystride, n, records)
    assert got == [r[3] for r in records]


def model_replicas(y, q=4, s=4):
    """A q×s matrix (s = 4 or 8) as rowdot_rrep takes it: row i repeated over bytes
    16i..16i+15."""
    return bytes(y[s * i + t % s] for i in range(q) for t in range(16))


def model_pair_tables(x, q=4):
    """A matrix of q-element rows as rowdot_ptbl takes it: for each two rows and
    column m, the 16 bytes y -> row0[m]·y | row1[m]·y << 4; an odd last row is
    paired with a zero row."""
    x = x + bytes(len(x) % (2 * q))
    return bytes(gf16_mul(x[i + m], y) | gf16_mul(x[i + q + m], y) << 4
                 for i in range(0, len(x), 2 * q) for m in range(q) for y in range(16))


def recoded(records, which, count, stride, size, make, seed):
    """records with operand `which` (1: the X region, 2: the Y region) given in
    another form: `size` bytes for each k < count at k * stride, make(region, k),
    random garbage between them."""
    rng = random.Random(seed)
    out = []
    for record in records:
        region = bytearray(rng.randbytes(span(count, stride, size)))
        for k in range(count):
            region[k * stride:k * stride + size] = make(record[which], k)
        out.append(record[:which] + (bytes(region),) + record[which + 1:])
    return out


def replicated_records(shape, n, count, cases, seed):
    """rowdot_records of a p×q·q×s shape with each Y_k[j] replaced by its replicas
    (16q bytes), rows of them with 3 bytes of garbage after each."""
    _, q, s = shape
    records, xstride, ystride = rowdot_records(shape, n, count, cases, seed)
    rstride = 16 * q * n + 3
    replicas = lambda y, k: b"".join(model_replicas(y[k * ystride + q * s * j:k * ystride + q * s * (j + 1)], q, s)
                                     for j in range(n))
    return recoded(records, 2, count, rstride, 16 * q * n, replicas, seed), xstride, rstride


@pytest.mark.parametrize("n, count", ROWDOT_RUNS)
@pytest.mark.parametrize("shape", REPLICATED_SHAPES, ids=name)
def test_replicated_rowdot_matches_model(dot_runner, shape, n, count):
    """gf16m_rowdot_rrep_* give rowdot's sums from right factors given replicated."""
    records, xstride, rstride = replicated_records(shape, n, count, 8, hash((shape, n, "rrep")) & 0xFFFF)
    got = run_dot(dot_runner, f"gf16m_rowdot_rrep_{name(shape)}", shape, count, xstride, rstride, n, records,
                  ybytes=16 * shape[1])
    assert got == [r[3] for r in records]


def model_patterns(x):
    """The folded form's two 16-byte patterns of each 5-element row of x: element t
    of the row in lanes 5t..5t+4 of the first (t < 3) or the second (t - 3)."""
    out = bytearray()
    for i in range(0, len(x), 5):
        row = x[i:i + 5]
        out += bytes(row[lane // 5] for lane in range(15)) + bytes(1)
        out += bytes(row[3 + lane // 5] for lane in range(10)) + bytes(6)
    return bytes(out)


def run_patterns(runner, kernel, xs):
    rows = len(xs[0]) // 5
    out = run_qemu(runner, [kernel, "separate", 0, f"{32 * rows},{5 * rows}", rows], b"".join(xs)).stdout
    assert len(out) == 32 * rows * len(xs)
    return [out[i * 32 * rows:(i + 1) * 32 * rows] for i in range(len(xs))]


@pytest.mark.parametrize("rows", [2, 3, 6, 8, 31, 44 * 5 * 8])
def test_fold_patterns_match_model(gf16_runner, rows):
    """Every element value in every column, random rows, the fewest rows (2) and
    the most a Round 3 set asks for (n l r rows of SNOVA_V_K: 44 · 5 · 8)."""
    rng = random.Random(rows)
    xs = [bytes(range(16)) * (5 * rows // 16) + bytes(range(5 * rows % 16))] + random_matrices(rng, 6, 5 * rows)
    assert run_patterns(gf16_runner, "gf16m_fold_patterns", xs) == [model_patterns(x) for x in xs]


def test_model_patterns_times_y_rows_sum_to_the_product():
    """The model's patterns say what the folded form says they are: lane 5u + j of
    pattern h times Y's byte 15h + 5u + j, summed over u, is the product's (i, j)."""
    rng = random.Random(5)
    x, y = random_matrices(rng, 1, 8 * 5)[0], random_matrices(rng, 1, 25)[0]
    pats, product = model_patterns(x), mat_prod(x, y, 8, 5, 5)
    for i in range(8):
        for j in range(5):
            terms = [gf16_mul(pats[32 * i + 16 * h + 5 * u + j], y[15 * h + 5 * u + j])
                     for h, us in ((0, range(3)), (1, range(2))) for u in us]
            assert functools.reduce(operator.xor, terms) == product[5 * i + j]


# The rowdot forms whose left factor X_k comes in another form: kernel name
# prefix -> (shapes, bytes of a p×q X so given, the model's form of X (x, q),
# garbage bytes between the X_k, how the kernel names its shape).
def pair_table_bytes(p, q):
    """Bytes of a p×q matrix's pair tables: 16 q per pair of rows (an odd last
    row a pair of its own)."""
    return 16 * q * -(-p // 2)


LEFT_FORMS = {"fold_pat_": (PATTERNED_SHAPES, lambda p, q: 32 * p, lambda x, q: model_patterns(x), 7, name),
              "ptbl_": (PAIRED_SHAPES + WEIGHT_SHAPES, pair_table_bytes, model_pair_tables, 5, table_name),
              "ptblw_": (WIDE_SHAPES, pair_table_bytes, model_pair_tables, 5, table_name)}


def left_given_records(form, shape, n, count, cases, seed):
    """rowdot_records with each X_k given in the form (LEFT_FORMS), garbage between
    them; and the stride of the X_k so given."""
    _, given_bytes, model, garbage, _ = LEFT_FORMS[form]
    p, q, _ = shape
    records, xstride, ystride = rowdot_records(shape, n, count, cases, seed)
    stride = given_bytes(p, q) + garbage
    given = lambda x, k: model(x[k * xstride:k * xstride + p * q], q)
    return recoded(records, 1, count, stride, given_bytes(p, q), given, seed), stride, ystride


@pytest.mark.parametrize("n, count", ROWDOT_RUNS)
@pytest.mark.parametrize("form, shape", [(f, s) for f, (shapes, *_) in LEFT_FORMS.items() for s in shapes],
                         ids=lambda v: v if isinstance(v, str) else name(v))
def test_left_given_rowdot_matches_model(dot_runner, form, shape, n, count):
    """The patterned folded rowdots and the paired table-form rowdots give
    rowdot's sums from their left factors' patterns or pair tables."""
    records, stride, ystride = left_given_records(form, shape, n, count, 8, hash((form, shape, n)) & 0xFFFF)
    got = run_dot(dot_runner, f"gf16m_rowdot_{form}{LEFT_FORMS[form][4](shape)}", shape, count, stride, ystride, n,
                  records, LEFT_FORMS[form][1](*shape[:2]))
    assert got == [r[3] for r in records]


# The Z sums' form: pair tables times the transposes of s×q right factors (the
# blocks of T), for the stacked l = 4 pairs: 24×4·4×6, 20×4·4×5, and 16×4·4×4
# (LD4 by bytes, lane loads for the leftover runs), (4, 8)'s 8×4·4×8 (two runs
# a table load), and rank 5's from windows: (5, 5)'s stacked 25×5·5×5 (an odd
# last row), and (5, 6)'s 6×5·5×6 and (5, 8)'s 8×5·5×8 (two runs a table load;
# three windows a 40-byte block).
TRANSPOSED_SHAPES = [(24, 4, 6), (20, 4, 5), (16, 4, 4), (8, 4, 8), (25, 5, 5), (6, 5, 6), (8, 5, 8)]


def transposed(m, rows, cols):
    """The cols×rows transpose of a rows×cols matrix, row-major."""
    return bytes(m[i * cols + j] for j in range(cols) for i in range(rows))


def transposed_records(shape, n, count, cases, seed):
    """left_given_records of the paired form with each Y_k[c] (q×s) given as its
    transpose, the rows of Y flush (no garbage after them: the windows of the
    last factor end at the guard page); and the strides."""
    _, q, s = shape
    records, stride, ystride = left_given_records("ptbl_", shape, n, count, cases, seed)
    flipped = lambda y, k: b"".join(transposed(y[k * ystride + q * s * c:k * ystride + q * s * (c + 1)], q, s)
                                    for c in range(n))
    return recoded(records, 2, count, n * q * s, n * q * s, flipped, seed), stride, n * q * s


@pytest.mark.parametrize("n, count", ROWDOT_RUNS)
@pytest.mark.parametrize("shape", TRANSPOSED_SHAPES, ids=table_name)
def test_transposed_right_rowdot_matches_model(dot_runner, shape, n, count):
    """gf16m_rowdot_ptblt_*: rowdot's sums from the left factors' pair tables and
    the right factors given transposed."""
    records, stride, ystride = transposed_records(shape, n, count, 8, hash(("ptblt", shape, n)) & 0xFFFF)
    got = run_dot(dot_runner, f"gf16m_rowdot_ptblt_{table_name(shape)}", shape, count, stride, ystride, n, records,
                  pair_table_bytes(*shape[:2]))
    assert got == [r[3] for r in records]


def model_interleave(y, n, l=5, s=None):
    """n consecutive l×s matrices (s = l unless given) as the interleavers write
    them: runs of 16 // s, each its l rows of 16 bytes, lane s·c + j of row m =
    Y_c[m][j], the other lanes zero."""
    s = s or l
    run, out = 16 // s, bytearray()
    for first in range(0, n, run):
        for m in range(l):
            row = bytearray(16)
            for c in range(min(run, n - first)):
                start = (first + c) * l * s + m * s
                row[s * c:s * c + s] = y[start:start + s]
            out += row
    return bytes(out)


def interleaved_records(shape, n, count, cases, seed):
    """left_given_records of the paired form with each row Y_k of n matrices given
    interleaved, 3 bytes of garbage after it; the strides and the bytes of Y_k."""
    _, q, s = shape
    records, stride, ystride = left_given_records("ptbl_", shape, n, count, cases, seed)
    size = len(model_interleave(bytes(n * q * s), n, q, s))
    runs = lambda y, k: model_interleave(y[k * ystride:k * ystride + n * q * s], n, q, s)
    return recoded(records, 2, count, size + 3, size, runs, seed), stride, size + 3, size


# ROWDOT_RUNS and the rows that leave two or four right factors after the runs of six
INTERLEAVED_RUNS = ROWDOT_RUNS + [(2, 3), (10, 2)]


@pytest.mark.parametrize("n, count", INTERLEAVED_RUNS)
@pytest.mark.parametrize("shape", INTERLEAVED_SHAPES, ids=table_name)
def test_interleaved_right_rowdot_matches_model(dot_runner, shape, n, count):
    """gf16m_rowdot_ptbli_*: rowdot's sums from the left factors' pair tables and
    the right factors interleaved, every leftover after the runs of six."""
    records, stride, ystride, size = interleaved_records(shape, n, count, 8, hash(("ptbli", shape, n)) & 0xFFFF)
    got = run_dot(dot_runner, f"gf16m_rowdot_ptbli_{table_name(shape)}", shape, count, stride, ystride, n, records,
                  pair_table_bytes(*shape[:2]), yrow=size)
    assert got == [r[3] for r in records]


def run_interleave(runner, kernel, n, xs, l=5, s=None):
    size, given = len(model_interleave(bytes(l * (s or l) * n), n, l, s)), l * (s or l) * n
    out = run_qemu(runner, [kernel, "separate", 0, f"{size},{given}", n], b"".join(xs)).stdout
    assert len(out) == size * len(xs)
    return [out[i * size:(i + 1) * size] for i in range(len(xs))]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 40, 44])
def test_interleave_runs_match_model(gf16_runner, n):
    """gf16m_interleave_runs_r5: every element value in every position, random
    rows of n blocks (runs of three and both leftovers, up to SNOVA_V_K's n), flush
    against the guard pages (the runner's exact sizes: the 25n bytes are all it
    may read)."""
    rng = random.Random(n)
    size = 25 * n
    ramp = (bytes(range(16)) * (size // 16 + 1))[:size]
    xs = [ramp, ramp[::-1]] + random_matrices(rng, 6, size)
    assert run_interleave(gf16_runner, "gf16m_interleave_runs_r5", n, xs) == [model_interleave(x, n) for x in xs]


def model_interleave_transposes(x, n, r, l):
    """n consecutive r×l matrices as gf16m_interleave_transposes_<r>x<l> writes
    them: model_interleave of their transposes."""
    return model_interleave(b"".join(transposed(x[r * l * c:r * l * (c + 1)], r, l) for c in range(n)), n, l, r)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 46])
@pytest.mark.parametrize("r, l", INTERLEAVED_TRANSPOSES)
def test_interleave_transposes_match_model(gf16_runner, r, l, n):
    """gf16m_interleave_transposes_<r>x<l>: T's blocks' transposes in runs, every
    element value in every position, random rows of n blocks (runs of two and the
    leftover; one k's l blocks; up to SNOVA_V_K's n), flush against the guard
    pages."""
    rng = random.Random(n * r)
    size = r * l * n
    ramp = (bytes(range(16)) * (size // 16 + 1))[:size]
    xs = [ramp, ramp[::-1]] + random_matrices(rng, 6, size)
    got = run_interleave(gf16_runner, f"gf16m_interleave_transposes_{r}x{l}", n, xs, l, r)
    assert got == [model_interleave_transposes(x, n, r, l) for x in xs]


def model_unpack_runs(packed, n):
    """A row of n 4×4 blocks packed two elements a byte (element 2t the low nibble
    of byte t) as gf16m_unpack_runs_r4 writes it: runs of eight (row m of blocks
    0..3 at 32m, of blocks 4..7 at 32m + 16), a run of four (row m at 16m), the n
    mod 4 left over as stored."""
    row = bytes(v for byte in packed for v in (byte & 15, byte >> 4))
    block = lambda c: row[16 * c:16 * c + 16]
    out, first = bytearray(), 0
    for width in [8] * (n // 8) + [4] * (n % 8 // 4):
        for m in range(4):
            for half in range(0, width, 4):
                out += b"".join(block(first + half + c)[4 * m:4 * m + 4] for c in range(4))
        first += width
    return bytes(out + row[16 * first:])


def runs_records(shape, n, count, cases, seed):
    """left_given_records of the wide paired form with each row Y_k of n 4×4
    matrices as gf16m_unpack_runs_r4 writes it, 3 bytes of garbage after it."""
    records, stride, ystride = left_given_records("ptblw_", shape, n, count, cases, seed)
    pack = lambda y: bytes(a | b << 4 for a, b in zip(y[::2], y[1::2]))
    runs = lambda y, k: model_unpack_runs(pack(y[k * ystride:k * ystride + 16 * n]), n)
    return recoded(records, 2, count, 16 * n + 3, 16 * n, runs, seed), stride, 16 * n + 3


# ROWDOT_RUNS and rows that leave a run of four, and every leftover, after the runs of eight
RUNS_ROWS = ROWDOT_RUNS + [(4, 2), (5, 1), (13, 2), (14, 3), (38, 1)]


@pytest.mark.parametrize("n, count", RUNS_ROWS)
@pytest.mark.parametrize("shape", WIDE_SHAPES, ids=table_name)
def test_runs_rowdot_matches_model(dot_runner, shape, n, count):
    """gf16m_rowdot_ptblwi_*: rowdot's sums from the left factors' pair tables
    and the public map's blocks as gf16m_unpack_runs_r4 writes them."""
    records, stride, ystride = runs_records(shape, n, count, 8, hash(("ptblwi", shape, n)) & 0xFFFF)
    got = run_dot(dot_runner, f"gf16m_rowdot_ptblwi_{table_name(shape)}", shape, count, stride, ystride, n,
                  records, pair_table_bytes(*shape[:2]), yrow=16 * n)
    assert got == [r[3] for r in records]


def unpack_inputs(n, seed):
    """Packed rows of n blocks: every byte value in every position, and random ones."""
    size = 8 * n
    ramp = (bytes(range(256)) * (size // 256 + 1))[:size]
    return [ramp, ramp[::-1]] + [random.Random(seed).randbytes(size) for _ in range(4)]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7, 8, 12, 13, 15, 16, 17, 29, 32, 42])
def test_unpack_runs_match_model(gf16_runner, n):
    """gf16m_unpack_runs_r4: every row width's runs and leftovers (up to the n of
    SNOVA_III_K), flush against the guard pages (the runner's exact sizes: the 8n
    bytes are all it may read)."""
    xs = unpack_inputs(n, n)
    out = run_qemu(gf16_runner, ["gf16m_unpack_runs_r4", "separate", 0, f"{16 * n},{8 * n}", n], b"".join(xs)).stdout
    assert [out[16 * n * i:16 * n * (i + 1)] for i in range(len(xs))] == [model_unpack_runs(x, n) for x in xs]


@pytest.mark.parametrize("r", [4, 5, 6, 8])
@pytest.mark.parametrize("count", [1, 2, 16])
def test_transposes_match_model(gf16_runner, r, count):
    """gf16m_transpose_r<r> (the l = 4 pairs' Z sums turned back): every
    element value in every position, random matrices, one to the 16 of a public
    matrix's Z, flush against the guard pages (the runner's exact sizes)."""
    rng = random.Random(r * 100 + count)
    size = r * r * count
    ramp = (bytes(range(16)) * (size // 16 + 1))[:size]
    xs = [ramp, ramp[::-1]] + random_matrices(rng, 6, size)
    out = run_qemu(gf16_runner, [f"gf16m_transpose_r{r}", "separate", 0, f"{size},{size}", count], b"".join(xs)).stdout
    want = [b"".join(transposed(x[r * r * c:r * r * (c + 1)], r, r) for c in range(count)) for x in xs]
    assert [out[i * size:(i + 1) * size] for i in range(len(xs))] == want


# --- the Round 3 signing system --------------------------------------------------------------------

def run_linsys(runner, kernel, l, r, count, cases):
    n = l * r
    sizes = [n * n, count * r * l, count * r * l, count * r * r, count * l * l]
    out = run_qemu(runner, [kernel, "separate", 0, ",".join(map(str, sizes)), count],
                   b"".join(b"".join(c) for c in cases)).stdout
    assert len(out) == n * n * len(cases)
    return [out[i * n * n:(i + 1) * n * n] for i in range(len(cases))]


def linsys_cases(rng, l, r, count, random_count):
    sizes = (count * r * l, count * r * l, count * r * r, count * l * l)
    cases = [[random_matrices(rng, 1, size)[0] for size in sizes] for _ in range(random_count)]
    cases.append([bytes([15] * size) for size in sizes])
    cases.append([bytes([1] * sizes[0]), bytes([15] * sizes[1]), bytes(sizes[2]), bytes([7] * sizes[3])])
    return cases


@pytest.mark.parametrize("l, r", SYSTEMS)
def test_linsys_matches_model(gf16_runner, l, r):
    """coef is overwritten: the runner fills the output with a sentinel first.
    Counts: one term, two, Round 3's l·r + 2r and, for square blocks, Round 2's l² + l."""
    rng = random.Random(l * 10 + r)
    for count in dict.fromkeys((1, 2, l * r + 2 * r) + ((l * l + l,) if l == r else ())):
        cases = linsys_cases(rng, l, r, count, 12 if count < 3 else 4)
        for case, got in zip(cases, run_linsys(gf16_runner, f"gf16m_linsys_l{l}r{r}", l, r, count, cases)):
            assert got == linsys_pair(*case, l, r, count)


def test_linsys_model_is_the_square_model_at_r_equals_l():
    from tests.gf16_model import linsys_coeffs
    rng = random.Random(5)
    for l in (2, 4):
        case = [random_matrices(rng, 1, l ** 4)[0] for _ in range(4)]
        assert linsys_pair(*case, l, l, l * l) == linsys_coeffs(*case, l)


# --- deliberately broken variants -------------------------------------------------------------------

@dataclass(frozen=True)
class Mutant:
    kind: str
    kernel: str      # the generated kernel it breaks


def full_width_tails(nbytes):
    """pieces() whose 4- and 8-byte remainders are loaded and stored as 16 bytes."""
    return tuple(matrix.Piece(pc.offset, pc.lanes, "q") if pc.view != "q" and nbytes > 16 else pc
                 for pc in REAL_PIECES(nbytes))


REAL_PIECES = matrix.pieces
MUTANTS = {
    # overread: a 20-byte operand's last 4 bytes moved with a 16-byte access
    "overread": Mutant("overread", "gf16m_mul_4x5x4"),
    # split_overlap: a 30-byte product's overlapping pieces (bytes 0-15 and 14-29)
    # summed in separate passes, so the second adds into bytes the first already stored
    "split_overlap": Mutant("split_overlap", "gf16m_rowdot_6x5x5"),
    # fold_offset: rank 5's folded rowdot takes Y's second register from byte 16,
    # one lane off the patterns of X's rows 3 and 4
    "fold_offset": Mutant("fold_offset", "gf16m_rowdot_r5"),
    # the same for the stacked 27-byte left factor of Round 2's rank 3 (bytes 0-15 and 11-26)
    "split_overlap_9x3x3": Mutant("split_overlap_9x3x3", "gf16m_rowdot_9x3x3"),
    # drop_term: the last term of every product left out
    "drop_term": Mutant("drop_term", "gf16m_dot_8x8x5"),
    # wrong_factor: rx's factor always taken from column 0
    "wrong_factor": Mutant("wrong_factor", "gf16m_linsys_l4r8"),
    # drop_tail: a 9-byte matrix held as its first 8 bytes (rank 3's byte 8 never moved)
    "drop_tail": Mutant("drop_tail", "gf16m_dot_1x1x9"),
    # pattern_stride: the patterned rowdot reads a row's patterns 16 bytes apart,
    # not 32 (the second register of row i is the first of row i + 1)
    "pattern_stride": Mutant("pattern_stride", "gf16m_rowdot_fold_pat_r5"),
    # interleaved_rows: the interleaved rowdot takes a run's rows 1 and 2 swapped
    "interleaved_rows": Mutant("interleaved_rows", "gf16m_rowdot_ptbli_8x5x5"),
    # interleaved_offset: both runs of a table load read the first run's rows
    "interleaved_offset": Mutant("interleaved_offset", "gf16m_rowdot_ptbli_6x5x5"),
    # transposed_offset: the same in the transposed form of 8×4 factors
    "transposed_offset": Mutant("transposed_offset", "gf16m_rowdot_ptblt_8x4x8"),
    # transposed_offset_r5: and of 6×5 ones, whose rows come from windows
    "transposed_offset_r5": Mutant("transposed_offset_r5", "gf16m_rowdot_ptblt_6x5x6"),
    # transposed_rows_r5: that form takes a run's rows 1 and 2 swapped
    "transposed_rows_r5": Mutant("transposed_rows_r5", "gf16m_rowdot_ptblt_6x5x6"),
    # interleave_transposes_rows: the interleaver of those transposes writes a
    # run's rows 1 and 2 swapped
    "interleave_transposes_rows": Mutant("interleave_transposes_rows", "gf16m_interleave_transposes_6x5"),
    # transposed_overread: a lone 8×4 factor de-interleaved as a pair (64 bytes, not 32)
    "transposed_overread": Mutant("transposed_overread", "gf16m_rowdot_ptblt_8x4x8"),
    # runs_groups: the runs' rowdot gives a run of eight's second group of four the
    # first group's rows
    "runs_groups": Mutant("runs_groups", "gf16m_rowdot_ptblwi_8x4x4"),
    # unpack_nibbles: the unpacker stores each byte's high nibble first
    "unpack_nibbles": Mutant("unpack_nibbles", "gf16m_unpack_runs_r4"),
    # unpack_overread: its leftover read 8 bytes long
    "unpack_overread": Mutant("unpack_overread", "gf16m_unpack_runs_r4"),
    # pair_fold: the pair tables' doubling drops x^4 instead of folding it back
    "pair_fold": Mutant("pair_fold", "gf16m_mul_pair_tables"),
    # pair_transpose: two tables of a group of sixteen swapped
    "pair_transpose": Mutant("pair_transpose", "gf16m_mul_pair_tables"),
    # interleaved_overread: a leftover of at most three right factors read as a run more
    "interleaved_overread": Mutant("interleaved_overread", "gf16m_rowdot_ptbli_6x5x5"),
    # weights_nibble: the weighted sums parted 3 bits apart, not 4 (tables.part)
    "weights_nibble": Mutant("weights_nibble", "gf16m_rowdot_ptbl_8x1x36"),
    # weights_overread: a Z_ab read in whole 16-byte pieces past its 25 bytes
    "weights_overread": Mutant("weights_overread", "gf16m_rowdot_ptbl_8x1x25"),
    # interleave_unclamped: the interleaver's windows start at their rows even
    # where they then run past the last block's last byte
    "interleave_unclamped": Mutant("interleave_unclamped", "gf16m_interleave_runs_r5"),
    # replica_order: the replicated rowdot takes Y's rows 1 and 2 swapped
    "replica_order": Mutant("replica_order", "gf16m_rowdot_rrep_r4"),
    # patterns_overread: the pattern maker loads the last row like the others,
    # 8 bytes from its first, 3 past x's end
    "patterns_overread": Mutant("patterns_overread", "gf16m_fold_patterns"),
}


def mutant_patches(kind):
    """The mock patches that break one step of the method."""
    if kind == "overread":
        return [mock.patch.object(matrix, "pieces", full_width_tails)]
    if kind in ("split_overlap", "split_overlap_9x3x3"):
        return [mock.patch.object(gf16, "rowdot_plan", lambda shape: gf16.RowdotPlan(2, ((0,), (1,)), False))]
    if kind == "fold_offset":
        return [mock.patch.object(folded, "SECOND_FROM", 16)]
    if kind == "pattern_stride":
        return [mock.patch.object(folded, "PATTERN_BYTES", 16)]
    if kind in ("interleaved_rows", "transposed_rows_r5", "interleave_transposes_rows"):
        real = tables_gather.LeftTables.right_rows
        return [mock.patch.object(tables_gather.LeftTables, "right_rows", lambda self, *args:
                                  (lambda rows: [rows[0], rows[2], rows[1], *rows[3:]])(real(self, *args)))]
    if kind in ("interleaved_offset", "transposed_offset", "transposed_offset_r5"):
        real = tables_gather.LeftTables.right_rows
        return [mock.patch.object(tables_gather.LeftTables, "right_rows",
                                  lambda self, yk, width, indices=None, offset=0: real(self, yk, width, indices))]
    if kind == "transposed_overread":
        real = tables_gather.LeftTables.deinterleaved_rows
        return [mock.patch.object(tables_gather.LeftTables, "deinterleaved_rows",
                                  lambda self, yk, width, offset: real(self, yk, 2, offset))]
    if kind == "runs_groups":
        real = tables.interleaved_rows
        return [mock.patch.object(tables, "interleaved_rows",
                                  lambda b, yk, groups, step: (lambda rows: [rows[0]] * len(rows))(
                                      real(b, yk, groups, step)))]
    if kind == "unpack_nibbles":
        real = unpack.nibbles
        return [mock.patch.object(unpack, "nibbles", lambda *args: real(*args)[::-1])]
    if kind == "unpack_overread":
        return [mock.patch.object(unpack, "pieces", lambda size, real=unpack.pieces: real(size + 8))]
    if kind == "pair_fold":
        return [mock.patch.object(tables, "times_x", lambda b, packed, ones, rest: b.vop(
            "and", "16b", b.shift("shl", packed, 1), rest, "vec_logic"))]
    if kind == "pair_transpose":
        real = tables.transposed_bytes
        return [mock.patch.object(tables, "transposed_bytes",
                                  lambda b, rows: (lambda t: [*t[:14], t[15], t[14]])(real(b, rows)))]
    if kind == "interleaved_overread":
        real = tables_gather.LeftTables.run
        return [mock.patch.object(tables_gather.LeftTables, "run",
                                  lambda self, width, *rest: real(self, width + 3 if width <= 3 else width, *rest))]
    if kind == "weights_nibble":
        return [mock.patch.object(tables, "NIBBLE", 3)]
    if kind == "weights_overread":
        return [mock.patch.object(tables_weights, "pieces", lambda size: ("q", list(range(0, size, 16))))]
    if kind == "interleave_unclamped":
        return [mock.patch.object(tables_gather, "window_start", lambda start, size: start)]
    if kind == "patterns_overread":
        return [mock.patch.object(folded, "ROW_BYTES", folded.RANK)]
    if kind == "replica_order":
        real = matrix.replicated_rows

        def swapped(shape):
            rows = real(shape)
            return [rows[0], rows[2], rows[1], *rows[3:]]
        return [mock.patch.object(matrix, "replicated_rows", swapped)]
    if kind == "drop_term":
        real = matrix.Products.products
        return [mock.patch.object(matrix.Products, "products", lambda self, c, r, m: real(self, c, r, m)[:-1])]
    if kind == "drop_tail":
        return [mock.patch.object(matrix, "pieces", lambda n: (matrix.Piece(0, 8, "d"),) if n == 9 else REAL_PIECES(n))]
    if kind == "wrong_factor":
        real = linsys.PairFactors.recipe
        return [mock.patch.object(linsys.PairFactors, "recipe",
                                  lambda self, nm, c, fixed: real(self, nm, c, 0 if nm == "rx" else fixed))]
    raise ValueError(kind)


def mutant_source(mutant):
    """The assembly of a mutant, generated with its patches (caches cleared)."""
    spec = next(k for k in gf16_kernels() if k.name == mutant.kernel)

    def describe(b):
        with contextlib.ExitStack() as patches:
            for patch in mutant_patches(mutant.kind):
                patches.enter_context(patch)
            keywords = dict(getattr(spec.describe, "keywords", {}))
            if "shape" in keywords:
                shape = keywords["shape"]
                keywords["shape"] = matrix.Shape(shape.p, shape.q, shape.s)
            getattr(spec.describe, "func", spec.describe)(b, **keywords)
    mutant_spec = KernelSpec(spec.name, spec.params, spec.c_signature, spec.doc, describe)
    return generate_kernel(mutant_spec, f"mutant_{mutant.kind}_", load_model("generic"), "test mutant")


@pytest.fixture(scope="session")
def mutant_runners():
    """gf16_runner and dot_runner built with the mutants (named <kind>) instead of the kernels."""
    directory = BUILD / "shape_mutants"
    sources = written_sources(directory, {f"mutant_{m.kind}.S": mutant_source(m) for m in MUTANTS.values()})
    table = kernel_table(directory, {m.kind: f"mutant_{m.kind}_{m.kernel}" for m in MUTANTS.values()})
    common = [HARNESS / "guard.c", HARNESS / "canary.S", *assembled(sources)]
    return (cross_build("mutant_gf16_runner", [HARNESS / "gf16_runner.c", HARNESS / "faulty_kernels.S", *common],
                        include_dirs=[table, HARNESS]),
            cross_build("mutant_dot_runner", [HARNESS / "dot_runner.c", *common], include_dirs=[table, HARNESS]))


def test_overread_mutant_is_caught(mutant_runners):
    cases = list(zip(random_matrices(random.Random(0), 4, 20), random_matrices(random.Random(1), 4, 20)))
    result = run_qemu(mutant_runners[0], ["overread", "separate", 2, "20,20,16"], b"".join(a + b for a, b in cases),
                      check=False)
    assert_harness_verdict(result, "segv")


@pytest.mark.parametrize("kind, shape, n, count", [("split_overlap", (6, 5, 5), 3, 2), ("fold_offset", (5, 5, 5), 3, 2),
                                                   ("drop_term", (8, 8, 5), None, 3),
                                                   ("drop_tail", (1, 1, 9), None, 3),
                                                   ("split_overlap_9x3x3", (9, 3, 3), 3, 2)])
def test_sum_mutants_are_caught(dot_runner, mutant_runners, kind, shape, n, count):
    """The real kernel passes the same records the mutant fails."""
    if n is None:
        records = dot_records(shape, count, 0, 0, 4, 7)
        strides = (shape[0] * shape[1], shape[1] * shape[2])
        real = f"gf16m_dot_{name(shape)}"
    else:
        records, *strides = rowdot_records(shape, n, count, 4, 7)
        real = f"gf16m_rowdot_{name(shape)}"
    want = [r[3] for r in records]
    assert run_dot(dot_runner, real, shape, count, *strides, n, records) == want
    assert run_dot(mutant_runners[1], kind, shape, count, *strides, n, records) != want


def test_replica_mutant_is_caught(dot_runner, mutant_runners):
    """The real kernel passes the records the mutant, reading two rows' replicas
    swapped, fails."""
    records, xstride, rstride = replicated_records((4, 4, 4), 3, 2, 4, 7)
    want = [r[3] for r in records]
    args = ((4, 4, 4), 2, xstride, rstride, 3, records)
    assert run_dot(dot_runner, "gf16m_rowdot_rrep_r4", *args, ybytes=64) == want
    assert run_dot(mutant_runners[1], "replica_order", *args, ybytes=64) != want


def test_pattern_mutants_are_caught(dot_runner, gf16_runner, mutant_runners):
    """The patterned rowdot reading its rows' patterns at the wrong stride gets the
    products wrong; the pattern maker reading past x is stopped by the guard page."""
    shape, n, count = (5, 5, 5), 3, 2
    records, pstride, ystride = left_given_records("fold_pat_", shape, n, count, 4, 7)
    want = [r[3] for r in records]
    args = (shape, count, pstride, ystride, n, records, 32 * shape[0])
    assert run_dot(dot_runner, "gf16m_rowdot_fold_pat_r5", *args) == want
    assert run_dot(mutant_runners[1], "pattern_stride", *args) != want
    xs = random_matrices(random.Random(8), 2, 5 * 6)
    assert run_patterns(gf16_runner, "gf16m_fold_patterns", xs) == [model_patterns(x) for x in xs]
    result = run_qemu(mutant_runners[0], ["patterns_overread", "separate", 0, "192,30", 6], b"".join(xs), check=False)
    assert_harness_verdict(result, "segv")


@pytest.mark.parametrize("kind, shape, n", [("interleaved_rows", (8, 5, 5), 6), ("interleaved_offset", (6, 5, 5), 6)])
def test_interleaved_sum_mutants_are_caught(dot_runner, mutant_runners, kind, shape, n):
    """The real interleaved rowdot passes the records the mutant, with a run's rows
    swapped or the second run of a table load given the first's rows, fails."""
    records, stride, ystride, size = interleaved_records(shape, n, 2, 4, 7)
    want = [r[3] for r in records]
    args = (shape, 2, stride, ystride, n, records, pair_table_bytes(*shape[:2]))
    assert run_dot(dot_runner, f"gf16m_rowdot_ptbli_{table_name(shape)}", *args, yrow=size) == want
    assert run_dot(mutant_runners[1], kind, *args, yrow=size) != want


def test_weight_mutants_are_caught(dot_runner, mutant_runners):
    """The real weighted sums pass the records the mutant with its sums parted 3
    bits apart fails; reading a Z_ab past its 25 bytes runs into the guard page
    after it (no gap)."""
    shape = (8, 1, 36)
    records, stride, ystride = left_given_records("ptbl_", shape, 1, 16, 4, 5)
    want = [r[3] for r in records]
    args = (shape, 16, stride, ystride, 1, records, pair_table_bytes(8, 1))
    assert run_dot(dot_runner, "gf16m_rowdot_ptbl_8x1x36", *args) == want
    assert run_dot(mutant_runners[1], "weights_nibble", *args) != want
    shape = (8, 1, 25)
    records, stride, _ = left_given_records("ptbl_", shape, 1, 1, 1, 6)
    result = run_qemu(mutant_runners[1], ["weights_overread", *shape, 1, stride, 25, 1, pair_table_bytes(8, 1)],
                      b"".join(acc + x + y for acc, x, y, _ in records), check=False)
    assert_harness_verdict(result, "segv")


@pytest.mark.parametrize("kind, shape", [("transposed_offset", (8, 4, 8)), ("transposed_offset_r5", (6, 5, 6)),
                                         ("transposed_rows_r5", (6, 5, 6))])
def test_transposed_mutants_are_caught(dot_runner, mutant_runners, kind, shape):
    """The real transposed forms pass the records the mutants fail: the second run
    of a table load reading the first run's right factors, or a run's rows 1 and
    2 swapped."""
    records, stride, ystride = transposed_records(shape, 4, 2, 4, 9)
    want = [r[3] for r in records]
    args = (shape, 2, stride, ystride, 4, records, pair_table_bytes(*shape[:2]))
    assert run_dot(dot_runner, f"gf16m_rowdot_ptblt_{table_name(shape)}", *args) == want
    assert run_dot(mutant_runners[1], kind, *args) != want


def test_interleave_transposes_mutant_is_caught(gf16_runner, mutant_runners):
    """The real interleaver of 6×5 blocks' transposes passes the blocks the
    mutant, writing a run's rows 1 and 2 swapped, fails."""
    xs = random_matrices(random.Random(11), 2, 3 * 30)
    want = [model_interleave_transposes(x, 3, 6, 5) for x in xs]
    assert run_interleave(gf16_runner, "gf16m_interleave_transposes_6x5", 3, xs, 5, 6) == want
    assert run_interleave(mutant_runners[0], "interleave_transposes_rows", 3, xs, 5, 6) != want


def test_transposed_overread_mutant_is_caught(mutant_runners):
    """A lone 8×4 right factor read as a pair runs into the guard page after Y."""
    shape = (8, 4, 8)
    records, stride, ystride = transposed_records(shape, 1, 1, 1, 10)
    result = run_qemu(mutant_runners[1], ["transposed_overread", *shape, 1, stride, ystride, 1,
                                          pair_table_bytes(8, 4)],
                      b"".join(acc + x + y for acc, x, y, _ in records), check=False)
    assert_harness_verdict(result, "segv")


@pytest.mark.parametrize("kind", ["pair_fold", "pair_transpose"])
def test_pair_table_mutants_are_caught(gf16_runner, mutant_runners, kind):
    """The pair tables' maker passes the rows its mutants fail: a doubling that
    drops x^4 instead of folding it back, two tables of a group swapped (five
    pairs: a group of four and one left over)."""
    x = random_matrices(random.Random(5), 1, 40)[0]
    args = ["separate", 0, "320,40", 5]
    want = b"".join(model_pair_tables(x[8 * q:8 * q + 8], 4) for q in range(5))
    assert run_qemu(gf16_runner, ["gf16m_mul_pair_tables", *args], x).stdout == want
    assert run_qemu(mutant_runners[0], [kind, *args], x).stdout != want


def test_runs_mutants_are_caught(dot_runner, mutant_runners):
    """The runs' rowdot and the unpacker pass the records their mutants fail: a
    run of eight's second group reading the first's rows, nibbles stored high
    first, a leftover read past the row's last byte (segv)."""
    records, stride, ystride = runs_records((8, 4, 4), 9, 2, 4, 11)
    want = [r[3] for r in records]
    args = ((8, 4, 4), 2, stride, ystride, 9, records, pair_table_bytes(8, 4))
    assert run_dot(dot_runner, "gf16m_rowdot_ptblwi_8x4x4", *args, yrow=16 * 9) == want
    assert run_dot(mutant_runners[1], "runs_groups", *args, yrow=16 * 9) != want
    x = unpack_inputs(3, 12)[2]
    out = run_qemu(mutant_runners[0], ["unpack_nibbles", "separate", 0, "48,24", 3], x).stdout
    assert out != model_unpack_runs(x, 3)
    result = run_qemu(mutant_runners[0], ["unpack_overread", "separate", 0, "48,24", 3], x, check=False)
    assert_harness_verdict(result, "segv")


def test_interleaved_overread_mutants_are_caught(mutant_runners):
    """A leftover of two right factors read as five, and the interleaver's
    windows of a lone block left unclamped, run into the guard page after Y (no
    gap: one row of Y, one block)."""
    shape, n = (6, 5, 5), 2
    records, stride, _, size = interleaved_records(shape, n, 1, 1, 3)
    result = run_qemu(mutant_runners[1], ["interleaved_overread", *shape, 1, stride, size, n,
                                          pair_table_bytes(6, 5), 25, size],
                      b"".join(acc + x + y for acc, x, y, _ in records), check=False)
    assert_harness_verdict(result, "segv")
    result = run_qemu(mutant_runners[0], ["interleave_unclamped", "separate", 0, "80,25", 1],
                      random_matrices(random.Random(4), 1, 25)[0], check=False)
    assert_harness_verdict(result, "segv")


def test_linsys_mutant_is_caught(gf16_runner, mutant_runners):
    l, r, count = 4, 8, 3
    cases = linsys_cases(random.Random(3), l, r, count, 2)
    want = [linsys_pair(*case, l, r, count) for case in cases]
    assert run_linsys(gf16_runner, "gf16m_linsys_l4r8", l, r, count, cases) == want
    assert run_linsys(mutant_runners[0], "wrong_factor", l, r, count, cases) != want
