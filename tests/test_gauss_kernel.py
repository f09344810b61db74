"""snova_gf16_solve (out/gf16_solve.S), the signing system's constant-time
Gaussian elimination, under qemu-aarch64 against the independent Python model
(tests/gf16_model.py: textbook elimination with row exchanges): random regular
systems, random singular ones (must return 0), systems whose leading pivots
are zero (the masked pivoting), n = 1, small n and every NEQ = o*l^2 of the
18 parameter sets, with several row strides. Every call goes through
tests/harness/gauss_runner.c: g flush against a PROT_NONE page after it and
before it, and unaligned, the bytes around g watched, AAPCS64 canaries. The
portable C solver of the core runs through the same checks. Deliberately
broken solvers must be caught: wrappers that each add one forbidden access or
clobber (tests/harness/faulty_solve.S), and variants generated with one step
of the method changed. Constant time: the executed blocks do not depend on
the matrix (qemu block profile), and no general register ever receives data
from the matrix (the generated text)."""
import contextlib
import functools
import os
import random
import re
import tempfile
from unittest import mock

import pytest

from generator.kernels import KernelSpec, gauss, solve_kernels
from generator.machine import load_model
from generator.pipeline import generate_kernel
from tests.aarch64 import (BUILD, HARNESS, OUT, assert_harness_verdict, cross_build,
                           instruction_lines, run_qemu)
from tests.gf16_model import gf16_mul, mat_vec, solve
from tests.snova_harness import snova_sets
from tools import core_rooms

GAUSS_BUILD = BUILD / "gauss"
SOLVERS = ("gf16_solve", "portable_c")
# NEQ = o * l^2 of every Round 1 parameter set (snova-v-o-16-l-...)
ROUND1_SETS = [re.fullmatch(r"snova-\d+-(\d+)-16-(\d+)-.*", s) for s in snova_sets()]
NEQS = sorted({int(m[1]) * int(m[2]) ** 2 for m in ROUND1_SETS if m})
SMALL = (1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 47)


def stride_for(n, extra_vectors=0):
    return (n + 1 + 15) // 16 * 16 + 16 * extra_vectors


# --- the model and the systems ---------------------------------------------------------------

MUL = [[gf16_mul(a, b) for b in range(16)] for a in range(16)]


def rank(a):
    """Rank of a square matrix (list of rows) over GF(16), for building test systems."""
    m = [list(r) for r in a]
    n, r = len(m), 0
    for c in range(n):
        p = next((i for i in range(r, n) if m[i][c]), None)
        if p is None:
            continue
        m[r], m[p] = m[p], m[r]
        inv = next(x for x in range(1, 16) if MUL[m[r][c]][x] == 1)
        m[r] = [MUL[inv][v] for v in m[r]]
        for i in range(n):
            if i != r and m[i][c]:
                f = MUL[m[i][c]]
                m[i] = [v ^ f[w] for v, w in zip(m[i], m[r])]
        r += 1
    return r


def random_matrix(rng, n):
    """Random entries: regular with probability about 0.93 (the model decides)."""
    return [[rng.randrange(16) for _ in range(n)] for _ in range(n)]


# The solvers eliminate the unknowns from the last: step i's pivot is sought in
# column n-1-i, from row i down. The structured systems below aim at that order.

def zero_leading_pivots(rng, n):
    """The top-right k x k block zero (k = n/2): the first k pivots all have to be
    found below, by the masked row additions."""
    a = random_matrix(rng, n)
    for r in range(n // 2):
        for c in range(n // 2):
            a[r][n - 1 - c] = 0
    return a


def zero_pivots(rng, n):
    """Zeros where every pivot would be found without a search."""
    a = random_matrix(rng, n)
    for i in range(n):
        a[i][n - 1 - i] = 0
    return a


def pivots_last(rng, n):
    """Row i has a single nonzero, in column i: regular, and every pivot is the
    last row still below it."""
    return [[rng.randrange(1, 16) if c == r else 0 for c in range(n)] for r in range(n)]


def singular(rng, n, how):
    """Singular by construction."""
    a = random_matrix(rng, n)
    if how == "zero_row":
        a[rng.randrange(n)] = [0] * n
    elif how == "zero_column":
        c = rng.randrange(n)
        for row in a:
            row[c] = 0
    elif how == "last_rows_dependent" and n > 1:    # found only at the last pivot
        f = rng.randrange(1, 16)
        a[n - 1] = [MUL[f][v] for v in a[n - 2]]
    else:                                           # row r a combination of the others
        r = rng.randrange(n)
        combo = [0] * n
        for j in range(n):
            if j != r:
                f = rng.randrange(16)
                combo = [v ^ MUL[f][w] for v, w in zip(combo, a[j])]
        a[r] = combo
    return a


SINGULAR_KINDS = ("zero_row", "zero_column", "last_rows_dependent", "combination")


@functools.lru_cache(maxsize=None)
def cases(n, seed, count=None):
    """((matrix, right-hand side), model's (return value, solution)) pairs: random
    systems, structured ones whose leading pivots are zero, and singular ones of
    every kind."""
    rng = random.Random(seed)
    count = count if count is not None else (40 if n <= 17 else 10 if n <= 80 else 5)
    mats = [random_matrix(rng, n) for _ in range(count)]
    mats += [zero_leading_pivots(rng, n), zero_pivots(rng, n), pivots_last(rng, n)]
    mats += [singular(rng, n, how) for how in SINGULAR_KINDS] + [[[0] * n for _ in range(n)]]
    if n == 1:
        mats += [[[v]] for v in range(16)]
    systems = [(a, [rng.randrange(16) for _ in range(n)]) for a in mats]
    results = [expected(a, rhs) for a, rhs in systems]
    assert any(ret for ret, _ in results) and not all(ret for ret, _ in results)
    return tuple(zip(systems, results))


def record(a, rhs, stride):
    n = len(a)
    return b"".join(bytes([b] + row + [0] * (stride - n - 1)) for row, b in zip(a, rhs))


def expected(a, rhs):
    x = solve([row + [b] for row, b in zip(a, rhs)])
    return (0, None) if x is None else (0xFF, x)


def run_solver(runner, name, n, stride, systems, check=True):
    """systems: (matrix, right-hand side) pairs; returns (return value, x) per system."""
    out = run_qemu(runner, [name, n, stride], b"".join(record(a, b, stride) for a, b in systems), check=check)
    if not check:
        return out
    assert len(out.stdout) == (n + 1) * len(systems), out
    return [(out.stdout[i * (n + 1)], list(out.stdout[i * (n + 1) + 1:(i + 1) * (n + 1)]))
            for i in range(len(systems))]


def mismatches(runner, name, n, stride, checked):
    """Runs `name` on the cases of `checked` (from cases()); the cases whose result
    differs from the model's: the return value, and for a regular system the
    solution."""
    results = run_solver(runner, name, n, stride, [system for system, _ in checked])
    return [(system, got) for (system, (want_ret, want_x)), got in zip(checked, results)
            if got[0] != want_ret or (want_x is not None and got[1] != want_x)]


# --- building the runner, with the broken variants ----------------------------------------------

def mutant_describe(kind):
    """describe_solve with one step of the method broken (a block is told by its
    label, SNOVA_ASM_LOCAL(<symbol>_<block name>))."""
    def describe(b):
        with contextlib.ExitStack() as patches:
            if kind == "nopivot":                 # no masked row additions: the masks are all zero
                b.cmeq_zero = lambda a, arr="16b", dst=None: b.movi(0, dst=dst)
            elif kind == "stale_pivot":           # the next column's masks from its elements before elimination
                real = gauss.eliminate_and_search
                patches.enter_context(mock.patch.object(
                    gauss, "eliminate_and_search",
                    lambda b_, constants, column, next_column, stride, next_element, next_pivot: real(
                        b_, constants, column, next_column, stride, b_.movi(0), next_pivot)))
            elif kind == "no_backward":           # no back-substitution
                patches.enter_context(mock.patch.object(gauss, "back_substitute", lambda *a: None))
            elif kind == "no_left_blocks":        # back-substitution sees only the solutions of its own block
                cbz = b.cbz
                b.cbz = lambda reg, label, nonzero=False: (b.b(label) if label.endswith("_backward_fold)")
                                                           else cbz(reg, label, nonzero))
            elif kind == "bad_inverse":           # a wrong inverse table
                patches.enter_context(mock.patch.object(gauss, "INVERSES", bytes(range(16))))
            elif kind == "always_regular":        # the result ignores zero pivots
                vop = b.vop
                b.vop = lambda m, arr, x, y, cls, dst=None: (b.movi(0xFF) if m == "cmtst" else vop(m, arr, x, y, cls, dst))
            elif kind == "no_rest":               # the rows left after the groups of four are skipped
                cbz = b.cbz

                def skip_rest(reg, label, nonzero=False):
                    if b.blocks[-1].label and b.blocks[-1].label.endswith("_count1)"):
                        b.b(label)
                    else:
                        cbz(reg, label, nonzero)
                b.cbz = skip_rest
            else:
                raise ValueError(kind)
            gauss.describe_solve(b)
    return describe


# each mutant and a size it must fail at (no_left_blocks needs more than 16 columns)
MUTANTS = {"nopivot": 6, "stale_pivot": 6, "no_backward": 6, "bad_inverse": 6, "always_regular": 6, "no_rest": 6,
           "no_left_blocks": 40}


@pytest.fixture(scope="session")
def gauss_runner():
    GAUSS_BUILD.mkdir(parents=True, exist_ok=True)
    spec = solve_kernels()[0]
    mutants = []
    for kind in MUTANTS:
        mutant = KernelSpec(spec.name, spec.params, spec.c_signature, spec.doc, mutant_describe(kind))
        path = GAUSS_BUILD / f"mutant_{kind}.S"
        fd, tmp = tempfile.mkstemp(dir=GAUSS_BUILD, prefix=f".mutant_{kind}.")   # workers may race
        with os.fdopen(fd, "w") as f:
            f.write(generate_kernel(mutant, f"mutant_{kind}_", load_model("generic"), "test mutant"))
        os.replace(tmp, path)
        mutants.append(path)
    sources = [HARNESS / "gauss_runner.c", HARNESS / "guard.c", HARNESS / "canary.S", HARNESS / "gauss_call.S",
               HARNESS / "faulty_solve.S", OUT / "gf16_solve.S", *mutants,
               *map(core_rooms.source, ("kernels_portable.c", "aes_ct.c", "util.c"))]
    return cross_build("gauss_runner", sources, include_dirs=[OUT, HARNESS, *core_rooms.include_dirs()])


# --- the model itself --------------------------------------------------------------------------

def test_model_solutions_satisfy_the_system():
    for n in (1, 2, 5, 16, 33):
        for (a, rhs), (ret, x) in cases(n, n, count=4):
            assert (ret == 0xFF) == (rank(a) == n)
            if x is not None:
                assert mat_vec(a, x) == rhs
    rng = random.Random(7)
    for n in (3, 9, 20):
        for how in SINGULAR_KINDS:
            assert rank(singular(rng, n, how)) < n
        assert rank(pivots_last(rng, n)) == n
        a = random_matrix(rng, n)
        x = [rng.randrange(16) for _ in range(n)]
        if rank(a) == n:
            assert solve([row + [b] for row, b in zip(a, mat_vec(a, x))]) == x


# --- the solvers against the model ---------------------------------------------------------------

@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("n", SMALL)
def test_small_systems(gauss_runner, solver, n):
    for extra in (0, 1, 3):
        assert not mismatches(gauss_runner, solver, n, stride_for(n, extra), cases(n, 1000 * n + extra))


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("n", NEQS)
def test_every_signing_system_size(gauss_runner, solver, n):
    """n = NEQ of each parameter set, with the core's stride (NEQ + 1 rounded up
    to 16) and one vector more."""
    assert len(NEQS) == 9 and NEQS[0] == 68 and NEQS[-1] == 160
    checked = cases(n, n)
    for extra in (0, 1):
        assert not mismatches(gauss_runner, solver, n, stride_for(n, extra), checked)


@pytest.mark.parametrize("solver", SOLVERS)
def test_largest_system(gauss_runner, solver):
    """n = 255, the most the kernel's back-substitution keeps solutions for in its
    frame (gauss.SCRATCH bytes hold n + 1)."""
    n, rng = gauss.SCRATCH - 1, random.Random(255)
    systems = [(a, [rng.randrange(16) for _ in range(n)]) for a in (random_matrix(rng, n), pivots_last(rng, n))]
    checked = [(system, expected(*system)) for system in systems]
    assert all(ret for _, (ret, _) in checked)
    assert not mismatches(gauss_runner, solver, n, stride_for(n), checked)


def test_all_leading_pivot_patterns_of_size_6(gauss_runner):
    """Every pattern of zeros where the pivots of a 6 x 6 system would be found
    without a search (64 patterns, regular and singular ones)."""
    rng = random.Random(6)
    systems = []
    for mask in range(64):
        a = random_matrix(rng, 6)
        for i in range(6):
            if mask >> i & 1:
                a[i][5 - i] = 0
        systems.append((a, [rng.randrange(16) for _ in range(6)]))
    checked = [(system, expected(*system)) for system in systems]
    assert not mismatches(gauss_runner, "gf16_solve", 6, 16, checked)


# --- the checks catch broken solvers ------------------------------------------------------------

@pytest.mark.parametrize("name, expect", [
    ("faulty_overread", "segv"),          # reads the byte after g
    ("faulty_underread", "segv"),         # reads the byte before g
    ("faulty_overwrite", "caught"),       # writes the byte after g
    ("faulty_clobber_x19", "aapcs"),
    ("faulty_clobber_d8", "aapcs"),
])
def test_harness_catches_faulty_solvers(gauss_runner, name, expect):
    n = 5
    systems = [system for system, _ in cases(n, 1, count=1)]
    result = run_solver(gauss_runner, name, n, stride_for(n), systems, check=False)
    assert_harness_verdict(result, expect)


@pytest.mark.parametrize("kind", MUTANTS)
def test_broken_methods_are_caught(gauss_runner, kind):
    """Each generated variant with one step broken fails the model comparison
    on the same cases as the real kernel (n = 6: two rows after the group of four)."""
    n = MUTANTS[kind]
    assert not mismatches(gauss_runner, "gf16_solve", n, stride_for(n), cases(n, 6))
    assert mismatches(gauss_runner, f"mutant_{kind}", n, stride_for(n), cases(n, 6))


# --- constant time ---------------------------------------------------------------------------------

def block_profiles(runner, solver):
    """The runner's executed blocks and their counts under qemu (block-counting
    plugin), for a random system, one needing every pivot search, a singular one,
    the zero matrix and the all-15 matrix (n = 68)."""
    from tools.bench.count import count
    n, rng = 68, random.Random(68)
    stride = stride_for(n)
    matrices = [random_matrix(rng, n), pivots_last(rng, n), singular(rng, n, "combination"),
                [[0] * n for _ in range(n)], [[15] * n for _ in range(n)]]
    profiles = []
    for a in matrices:
        run = count(runner, [solver, n, stride], record(a, [rng.randrange(16) for _ in range(n)], stride))
        profiles.append(sorted((blk.key, blk.execs) for blk in run.blocks))
    return profiles


@pytest.mark.parametrize("solver", SOLVERS)
def test_executed_blocks_do_not_depend_on_the_matrix(gauss_runner, solver):
    profiles = block_profiles(gauss_runner, solver)
    assert all(p == profiles[0] for p in profiles[1:])


def test_executed_blocks_test_sees_a_data_dependent_branch(gauss_runner):
    profiles = block_profiles(gauss_runner, "faulty_branchy")
    assert any(p != profiles[0] for p in profiles[1:])


def test_no_general_register_receives_matrix_data():
    """Addresses and branches are computed in general registers; the matrix is
    only ever loaded into vector registers, and the one transfer from a vector
    to a general register is the final result into w0."""
    body = (OUT / "gf16_solve.S").read_text()
    instrs = instruction_lines(body)
    to_gpr = [i for i in instrs if re.match(r"(umov|fmov|smov|mov)\s+[wx]\d+, v", i)
              or re.match(r"ld[a-z]*\s+[wx]\d+(?!.*\[sp)", i)]       # not the frame's restores
    assert len(to_gpr) == 1 and to_gpr[0].startswith("umov\tw0, v"), to_gpr
    tail = [i for i in instrs if "sp" not in i]     # without the frame's epilogue
    assert tail[-1] == "ret" and tail[-2].startswith("umov\tw0, v")
