"""The result-first product forms (out/gf16m_mac_r*.S, gf16m_{mul,mac}_{at,bt}_r*.S:
c = / += a·b with either factor transposed, arguments (c, a, b)) under qemu,
against the independent Python model (tests/gf16_model.py), with guard pages
around every operand and AAPCS64 canaries on every call (tests/harness/gf16_runner.c).
Variants generated with one step broken must fail the same checks."""
import random
from functools import partial
from unittest import mock

import pytest

from generator.kernels import FORMS, gf16, ranked_kernels
from tests.aarch64 import BUILD, HARNESS, assert_harness_verdict, assembled, cross_build, run_qemu
from tests.conftest import kernel_table, mutant_kernel, written_sources
from tests.gf16_model import mat_add, mat_mul, transpose
from tests.test_gf16_kernels import all_products_cases, edge_cases, random_cases, run_records

RANKS = (2, 3, 4, 5)
# name infix -> (accumulates, a transposed, b transposed): written here from the
# kernels' documented meaning, not taken from the generator
FORMS_MEANING = {"mac": (True, False, False), "mul_at": (False, True, False), "mul_bt": (False, False, True),
                 "mac_at": (True, True, False), "mac_bt": (True, False, True)}
MODES = ("separate", "alias_a", "alias_b")
RANDOM_CASES = {"separate": 3_000, "alias_a": 1_000, "alias_b": 1_000}


def test_every_generated_form_is_tested():
    assert {infix for forms in FORMS.values() for infix, *_ in forms} == FORMS_MEANING.keys()


def expected(infix, rank, c, a, b):
    accumulates, at, bt = FORMS_MEANING[infix]
    product = mat_mul(transpose(a, rank) if at else a, transpose(b, rank) if bt else b, rank)
    return mat_add(c, product) if accumulates else product


def triples(rank, seed, count, edges):
    """(c, a, b): edge and all-products pairs with c zero, all-15 and random,
    then random triples."""
    rng = random.Random(seed)
    n = rank * rank
    pairs = edge_cases(rank) + all_products_cases(rank) if edges else []
    starts = [bytes(n), bytes([15] * n)]
    cases = [(starts[i % 2] if i % 3 else bytes(rng.randrange(16) for _ in range(n)), a, b)
             for i, (a, b) in enumerate(pairs)]
    return cases + [(bytes(rng.randrange(16) for _ in range(n)), a, b)
                    for a, b in random_cases(rank, count, seed + 1)]


def run_form(runner, kernel, mode, rank, accumulates, cases):
    """Runs a (c, a, b) kernel; the record holds c only when the kernel reads it."""
    records = [(c if accumulates else b"") + a + b for c, a, b in cases]
    return run_records(runner, kernel, mode, "0+" if accumulates else "0", (rank * rank,) * 3, records)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("infix", FORMS_MEANING)
@pytest.mark.parametrize("rank", RANKS)
def test_form_matches_model(gf16_runner, rank, infix, mode):
    """alias_a / alias_b: c is the same pointer as a / b, so the model's c (and
    that factor) is the aliased input."""
    accumulates = FORMS_MEANING[infix][0]
    seed = rank * 1000 + list(FORMS_MEANING).index(infix) * 10 + MODES.index(mode)
    cases = triples(rank, seed, RANDOM_CASES[mode], mode == "separate")
    if mode != "separate":
        cases = [(a if mode == "alias_a" else b, a, b) for _, a, b in cases]
    got = run_form(gf16_runner, f"gf16m_{infix}_r{rank}", mode, rank, accumulates, cases)
    for (c, a, b), result in zip(cases, got):
        assert result == expected(infix, rank, c, a, b), f"c={c.hex()} a={a.hex()} b={b.hex()}"


def test_model_transpose_laws():
    """Guards the model: (AB)ᵀ = BᵀAᵀ and transposing twice is the identity."""
    for rank in RANKS:
        for a, b in random_cases(rank, 30, rank):
            assert transpose(transpose(a, rank), rank) == a
            assert transpose(mat_mul(a, b, rank), rank) == mat_mul(transpose(b, rank), transpose(a, rank), rank)
    assert transpose(bytes(range(9)), 3) == bytes([0, 3, 6, 1, 4, 7, 2, 5, 8])


# --- deliberately broken variants -----------------------------------------------------------------

def no_accumulate(real, b, shape, accumulate):
    real(b, shape, accumulate=False)


def untransposed(real, b, shape, accumulate):
    real(b, gf16.Shape(shape.p, shape.q, shape.s), accumulate=accumulate)


# mutant -> (kernel it breaks, how): each is caught by the test that passes the real kernel
MUTANTS = {
    "no_accumulate": ("gf16m_mac_r4", lambda: mock.patch.object(
        gf16, "describe_product", partial(no_accumulate, gf16.describe_product))),
    "untransposed": ("gf16m_mul_bt_r3", lambda: mock.patch.object(
        gf16, "describe_product", partial(untransposed, gf16.describe_product))),
    # c of a rank-3 accumulation read as 16 bytes: 7 past its end
    "wide_c": ("gf16m_mac_at_r3", lambda: mock.patch.object(gf16, "load_piece", partial(gf16.load_piece, wide=True))),
}


def mutant_source(kind):
    name, patch = MUTANTS[kind]
    spec = next(k for k in ranked_kernels(RANKS) if k.name == name)
    return mutant_kernel(spec, kind, [patch()], lambda b: gf16.describe_product(b, **spec.describe.keywords))


@pytest.fixture(scope="session")
def mutant_runner():
    """gf16_runner with the mutants (named <kind>) instead of the kernels."""
    directory = BUILD / "form_mutants"
    sources = written_sources(directory, {f"mutant_{kind}.S": mutant_source(kind) for kind in MUTANTS})
    table = kernel_table(directory, {kind: f"mutant_{kind}_{name}" for kind, (name, _) in MUTANTS.items()})
    return cross_build("mutant_form_runner", [HARNESS / "gf16_runner.c", HARNESS / "faulty_kernels.S",
                                              HARNESS / "guard.c", HARNESS / "canary.S", *assembled(sources)],
                       include_dirs=[table, HARNESS])


@pytest.mark.parametrize("kind", ["no_accumulate", "untransposed"])
def test_wrong_result_mutants_are_caught(gf16_runner, mutant_runner, kind):
    name, _ = MUTANTS[kind]
    infix, rank = name[len("gf16m_"):].rsplit("_r", 1)
    rank, accumulates = int(rank), FORMS_MEANING[infix][0]
    cases = triples(rank, 7, 20, False)
    want = [expected(infix, rank, *case) for case in cases]
    assert run_form(gf16_runner, name, "separate", rank, accumulates, cases) == want
    assert run_form(mutant_runner, kind, "separate", rank, accumulates, cases) != want


def test_overreading_mutant_is_caught(mutant_runner):
    result = run_qemu(mutant_runner, ["wide_c", "separate", "0+", "9,9,9"], bytes(27), check=False)
    assert_harness_verdict(result, "segv")
