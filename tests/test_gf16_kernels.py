"""The generated GF(16) matrix kernels (out/gf16m_*.S) under qemu, against the
independent Python model, with guard pages and AAPCS64 canaries on every call
(see tests/harness/gf16_runner.c)."""
import itertools
import random

import pytest

from tests.aarch64 import assert_harness_verdict, run_qemu
from tests.gf16_model import linsys_coeffs, mat_add, mat_mul

RANKS = (2, 3, 4, 5)
FAMILIES = ("add", "mul")
MODES = ("separate", "alias_a", "alias_b")
RANDOM_CASES = {"separate": 10_000, "alias_a": 3_000, "alias_b": 3_000}


def expected(family, rank, a, b):
    return mat_add(a, b) if family == "add" else mat_mul(a, b, rank)


def identity(rank):
    return bytes(int(i == j) for i in range(rank) for j in range(rank))


def edge_cases(rank):
    n = rank * rank
    zero, ones, fifteen = bytes(n), bytes([1] * n), bytes([15] * n)
    eye = identity(rank)
    special = [zero, eye, fifteen, ones, bytes(i % 16 for i in range(n)), bytes(15 - (i % 16) for i in range(n))]
    return list(itertools.product(special, repeat=2))


def all_products_cases(rank):
    """Diagonal matrices whose products cover all 256 element pairs, each pair
    in every diagonal position, so every lane multiplies every pair."""
    cases = []
    pairs = [(x, y) for x in range(16) for y in range(16)]
    for shift in range(rank):
        for start in range(0, len(pairs), rank):
            chunk = [pairs[(start + (d + shift) % rank) % len(pairs)] for d in range(rank)]
            a = bytearray(rank * rank)
            b = bytearray(rank * rank)
            for d, (x, y) in enumerate(chunk):
                a[d * rank + d], b[d * rank + d] = x, y
            cases.append((bytes(a), bytes(b)))
    return cases


def random_cases(rank, count, seed):
    rng = random.Random(seed)
    n = rank * rank
    return [(bytes(rng.randrange(16) for _ in range(n)), bytes(rng.randrange(16) for _ in range(n)))
            for _ in range(count)]


def run_records(runner, name, mode, output, sizes, records):
    """Runs a kernel on records (gf16_runner's arguments: output is the written
    argument, e.g. "2" or "0+"; sizes the operands' bytes); the results, one per record."""
    n = sizes[int(output.rstrip("+"))]
    out = run_qemu(runner, [name, mode, output, ",".join(map(str, sizes))], b"".join(records)).stdout
    assert len(out) == n * len(records), f"{name}: runner produced {len(out)} bytes"
    return [out[i:i + n] for i in range(0, len(out), n)]


def run_kernel(runner, name, mode, cases):
    """Runs a kernel (a, b, c) on (a, b) pairs; c has a's size."""
    a, b = cases[0]
    return run_records(runner, name, mode, "2", (len(a), len(b), len(a)), [a + b for a, b in cases])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("rank", RANKS)
def test_kernel_matches_model(gf16_runner, rank, family, mode):
    seed = rank * 100 + FAMILIES.index(family) * 10 + MODES.index(mode)
    cases = edge_cases(rank) + random_cases(rank, RANDOM_CASES[mode], seed)
    if family == "mul":
        cases += all_products_cases(rank)
    results = run_kernel(gf16_runner, f"gf16m_{family}_r{rank}", mode, cases)
    for (a, b), got in zip(cases, results):
        assert got == expected(family, rank, a, b), f"a={a.hex()} b={b.hex()}"


@pytest.mark.parametrize("rank", RANKS)
def test_all_256_products_reach_the_multiplier(rank):
    covered = set()
    for a, b in all_products_cases(rank):
        covered |= {(a[d * rank + d], b[d * rank + d]) for d in range(rank)}
    assert covered == {(x, y) for x in range(16) for y in range(16)}


def test_identity_and_zero_laws_hold_in_the_model():
    """Guards the model itself: a wrong model would make every kernel test meaningless."""
    for rank in RANKS:
        for a, _ in random_cases(rank, 50, rank):
            assert mat_mul(a, identity(rank), rank) == a
            assert mat_mul(identity(rank), a, rank) == a
            assert mat_mul(a, bytes(rank * rank), rank) == bytes(rank * rank)
    assert mat_mul(bytes([2]), bytes([9]), 1) == bytes([1])   # x·(x^3+1) = x^4+x = 1


# The harness must catch what it claims to catch: each deliberately broken kernel fails.
@pytest.mark.parametrize("name, sizes, expect", [
    ("faulty_overread_r3", "9,9,9", "segv"),           # 16-byte load of a 9-byte operand
    ("faulty_underread_r3", "9,9,9", "segv"),          # reads the byte before its operand
    ("faulty_overwrite_r3", "9,9,9", "caught"),        # 16-byte store of a 9-byte result
    ("faulty_clobber_x19_r4", "16,16,16", "aapcs"),
    ("faulty_clobber_d8_r4", "16,16,16", "aapcs"),
    ("faulty_overread_r5", "25,25,25", "segv"),        # a 25-byte operand read as 32
    ("faulty_overwrite_4x4x5", "16,20,20", "caught"),  # 32-byte store of a 20-byte result
])
def test_harness_catches_broken_kernels(gf16_runner, name, sizes, expect):
    inputs = sum(map(int, sizes.split(",")[:2]))
    result = run_qemu(gf16_runner, [name, "separate", 2, sizes], bytes(inputs), check=False)
    assert_harness_verdict(result, expect)


@pytest.mark.parametrize("rank", (2, 3, 4))
def test_linsys_coeffs_match_model(gf16_runner, rank):
    n = rank ** 4
    rng = random.Random(rank)
    cases = [[bytes(rng.randrange(16) for _ in range(n)) for _ in range(4)] for _ in range(150)]
    cases += [[bytes([15] * n)] * 4, [bytes(n)] * 4, [bytes([1] * n), bytes([15] * n), bytes(n), bytes([7] * n)]]
    out = run_qemu(gf16_runner, [f"gf16m_linsys_coeffs_r{rank}", "separate", 0, ",".join([str(n)] * 5)],
                   b"".join(b"".join(c) for c in cases)).stdout
    assert len(out) == n * len(cases)
    for i, (lx, bm, am, rx) in enumerate(cases):
        assert out[i * n:(i + 1) * n] == linsys_coeffs(lx, bm, am, rx, rank), f"case {i}"


@pytest.mark.parametrize("count, xgap, ygap", [(0, 0, 0), (1, 0, 0), (5, 0, 7), (24, 3, 0), (66, 0, 0)])
@pytest.mark.parametrize("rank", RANKS)
def test_dot_matches_model(dot_runner, rank, count, xgap, ygap):
    """acc += Σ X_c·Y_c over strided sequences; the bytes between matrices
    (gaps) hold garbage the kernel must ignore."""
    n = rank * rank
    xstride, ystride = n + xgap, n + ygap
    rng = random.Random(rank * 1000 + count)
    span = lambda stride: (count - 1) * stride + n if count else 0
    records = []
    for case in range(40):
        acc = bytes(rng.randrange(16) for _ in range(n))
        x = bytes(rng.randrange(16) if case else 15 for _ in range(span(xstride)))
        y = bytes(rng.randrange(16) if case else 15 for _ in range(span(ystride)))
        expect = acc
        for c in range(count):
            expect = mat_add(expect, mat_mul(x[c * xstride:c * xstride + n], y[c * ystride:c * ystride + n], rank))
        records.append((acc + x + y, expect))
    out = run_qemu(dot_runner, [f"gf16m_dot_r{rank}", rank, rank, rank, count, xstride, ystride],
                   b"".join(r for r, _ in records)).stdout
    assert [out[i * n:(i + 1) * n] for i in range(len(records))] == [e for _, e in records]


# Row lengths covering a full main-loop pass, every leftover run width and
# SNOVA's row lengths (l, o, v, l*l); counts from one term to a whole row of P11.
ROWDOT_SHAPES = [(0, 1), (1, 1), (2, 3), (3, 2), (4, 1), (5, 7), (7, 4), (8, 1), (9, 2), (15, 3), (16, 5),
                 (17, 28), (25, 1), (31, 2), (33, 43), (61, 3)]


@pytest.mark.parametrize("n, count", ROWDOT_SHAPES)
@pytest.mark.parametrize("rank", RANKS)
def test_rowdot_matches_model(dot_runner, rank, n, count):
    """acc[j] += Σ_c X_c·Y_c[j] for j < n: a row of n outputs per call, with
    garbage between the X matrices and after each Y row that must be ignored."""
    lsq = rank * rank
    xstride, ystride = lsq + 5, n * lsq + 3
    rng = random.Random(rank * 100_000 + n * 100 + count)
    span = lambda stride, size: (count - 1) * stride + size
    records = []
    for case in range(12):
        fill = (lambda: 15) if case == 0 else (lambda: rng.randrange(16))
        acc = bytes(fill() for _ in range(n * lsq))
        x = bytes(fill() for _ in range(span(xstride, lsq)))
        y = bytes(fill() for _ in range(span(ystride, n * lsq)))
        expect = bytearray(acc)
        for j in range(n):
            cell = acc[j * lsq:(j + 1) * lsq]
            for c in range(count):
                yc = y[c * ystride + j * lsq:c * ystride + (j + 1) * lsq]
                cell = mat_add(cell, mat_mul(x[c * xstride:c * xstride + lsq], yc, rank))
            expect[j * lsq:(j + 1) * lsq] = cell
        records.append((acc + x + y, bytes(expect)))
    out = run_qemu(dot_runner, [f"gf16m_rowdot_r{rank}", rank, rank, rank, count, xstride, ystride, n],
                   b"".join(r for r, _ in records)).stdout
    size = n * lsq
    assert [out[i * size:(i + 1) * size] for i in range(len(records))] == [e for _, e in records]
