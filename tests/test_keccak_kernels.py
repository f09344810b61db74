"""Keccak-f[1600] kernels (out/keccakf1600*.S) under qemu-aarch64 -cpu max, against
the independent model of tests/keccak_model.py: 10,000 random states and edge
states through every form (the multi-state forms take them in twos, threes and
fours), every --keccak-lazy variant of the general-register form and every
--keccak-mixed-lazy variant of the mixed forms, guard pages before and after
the state, AAPCS64 canaries, and broken kernels that must be caught: wrappers
that write or read past the 200 bytes or clobber x19 / d8, and variants generated
with one step of the round broken (a wrong rho offset, a missing iota constant,
two lanes swapped by pi, the four-state form's two general-register states
parked in the same bytes). Also the generator side: options, registers, the
assemblers, and the llvm-mca bar against OpenSSL's figures."""
import contextlib
import os
import random
import re
import tempfile
from concurrent.futures import ThreadPoolExecutor
from unittest import mock

import pytest

from generator.kernels import KernelSpec, keccak, keccak_gpr, keccak_kernels, keccak_mixed, keccak_simd
from generator.machine import load_model
from generator.pipeline import generate_kernel
from tests import keccak_model
from tests.aarch64 import (BUILD, HARNESS, OUT, assembled, assert_harness_verdict, cross_build,
                           instruction_lines, run_qemu)
from tests.conftest import kernel_table

KECCAK_BUILD = BUILD / "keccak"
STATE = keccak_model.LANES * 8
FORMS = {"keccakf1600": 1, "keccakf1600_carried": 1, "keccakf1600_x2": 2, "keccakf1600_sha3": 1,
         "keccakf1600_x2_sha3": 2,
         "keccakf1600_x3": 3, "keccakf1600_x4": 4}
MIXED_FORMS = ("keccakf1600_x3", "keccakf1600_x4")
LAZY_VARIANTS = [lazy for lazy in keccak_gpr.LAZY_CHOICES if lazy != keccak_gpr.DEFAULT_LAZY]
MIXED_LAZY_VARIANTS = [lazy for lazy in keccak_gpr.LAZY_CHOICES if lazy != keccak_gpr.MIXED_DEFAULT_LAZY]
RANDOM_STATES = 10_000


def edge_states():
    """All-zero, all-one, one bit set in each of a few lanes, alternating bytes."""
    ones = b"\xff" * STATE
    bits = [bytes(8 * lane) + (1 << bit).to_bytes(8, "little") + bytes(STATE - 8 * lane - 8)
            for lane in (0, 1, 12, 24) for bit in (0, 1, 63)]
    return [bytes(STATE), ones, bytes([0x55, 0xAA] * (STATE // 2))] + bits


@pytest.fixture(scope="session")
def states():
    """(states, their permutations by the model): the model's 10,000 random states
    are cached under build/tests by seed, for the test workers and later runs."""
    rng = random.Random(1600)
    inputs = edge_states() + [rng.randbytes(STATE) for _ in range(RANDOM_STATES)]
    inputs += inputs[-1:] * (-len(inputs) % 12)        # a whole number of calls of every form
    cache = KECCAK_BUILD / f"model_{len(inputs)}_1600.bin"
    if cache.exists() and cache.stat().st_size == STATE * len(inputs):
        data = cache.read_bytes()
        return inputs, [data[i:i + STATE] for i in range(0, len(data), STATE)]
    outputs = [keccak_model.permute_bytes(s) for s in inputs]
    KECCAK_BUILD.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=KECCAK_BUILD, prefix=".model.")      # workers may race
    with os.fdopen(fd, "wb") as f:
        f.write(b"".join(outputs))
    os.replace(tmp, cache)
    return inputs, outputs


# --- variants: the lazy options and the broken methods -----------------------------------------

def patched(name, value):
    """Patches a name of the Keccak modules wherever it is bound."""
    return [mock.patch.object(module, name, value)
            for module in (keccak, keccak_gpr, keccak_simd, keccak_mixed) if hasattr(module, name)]


def swapped_pi(i):
    """pi with the targets of lanes 3 and 17 exchanged."""
    swap = {3: 17, 17: 3}
    return REAL_PI(swap.get(i, i))


REAL_PI = keccak.pi_target
ROUND_FORMS = ("keccakf1600", "keccakf1600_carried", "keccakf1600_x2", "keccakf1600_x2_sha3", "keccakf1600_x4")
# kind -> (patches, the forms it breaks)
MUTANTS = {
    "rotation": (patched("RHO", keccak.RHO[:7] + (keccak.RHO[7] + 1,) + keccak.RHO[8:]), ROUND_FORMS),
    "iota": (patched("ROUND_CONSTANTS", keccak.ROUND_CONSTANTS[:11] + (0,) + keccak.ROUND_CONSTANTS[12:]),
             ROUND_FORMS),
    "lane_swap": (patched("pi_target", swapped_pi), ROUND_FORMS),
    "shared_home": (patched("home", lambda state: 0), ("keccakf1600_x4",)),
}
MUTATED = [(kind, form) for kind, (_, forms) in MUTANTS.items() for form in forms]


def write_source(path, text):
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")     # workers may race
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def variant_sources():
    """(name -> symbol, sources) of the lazy variants and the mutants."""
    symbols, sources = {}, []
    def spec(name, **options):
        return next(k for k in keccak_kernels(**options) if k.name == name)

    lazy_specs = [(f"lazy_{lazy}", spec("keccakf1600", lazy=lazy)) for lazy in LAZY_VARIANTS]
    lazy_specs += [(f"mixed_lazy_{lazy}_{form}", spec(form, mixed_lazy=lazy))
                   for lazy in MIXED_LAZY_VARIANTS for form in MIXED_FORMS]
    for name, spec in lazy_specs:
        path = KECCAK_BUILD / f"{name}.S"
        write_source(path, generate_kernel(spec, f"snova_{name}_", load_model("generic"), "test"))
        symbols[name] = f"snova_{name}_{spec.name}"
        sources.append(path)
    for kind, (patches, forms) in MUTANTS.items():
        for spec in (k for k in keccak_kernels() if k.name in forms):
            with contextlib.ExitStack() as stack:
                for patch in patches:
                    stack.enter_context(patch)
                text = generate_kernel(spec, f"mutant_{kind}_", load_model("generic"), "test mutant")
            path = KECCAK_BUILD / f"mutant_{kind}_{spec.name}.S"
            write_source(path, text)
            symbols[f"mutant_{kind}_{spec.name}"] = f"mutant_{kind}_{spec.name}"
            sources.append(path)
    return symbols, sources


@pytest.fixture(scope="session")
def keccak_runner():
    KECCAK_BUILD.mkdir(parents=True, exist_ok=True)
    symbols, variants = variant_sources()
    symbols.update({name: f"snova_{name}" for name in FORMS})
    symbols.update({f"faulty_{k}": f"faulty_keccak_{k}" for k in ("overwrite", "overread", "clobber_x19",
                                                                   "clobber_d8")})
    table = kernel_table(KECCAK_BUILD, symbols)
    kernels = [OUT / f"{name}.S" for name in FORMS]
    return cross_build("keccak_runner", [HARNESS / "keccak_runner.c", HARNESS / "guard.c", HARNESS / "canary.S",
                                         HARNESS / "faulty_keccak.S", *assembled(kernels + variants)],
                       include_dirs=[table, HARNESS])


def permute(runner, kernel, ways, inputs, check=True):
    """The kernel's outputs for the inputs (taken `ways` at a time)."""
    result = run_qemu(runner, [kernel, ways], stdin=b"".join(inputs), check=check)
    return result if not check else [result.stdout[i:i + STATE] for i in range(0, len(result.stdout), STATE)]


# --- the model itself ---------------------------------------------------------------------------

def test_model_constants_match_the_generators_tables():
    """Both are FIPS 202's; the model derives its own (algorithms 2 and 5)."""
    assert tuple(keccak_model.RC) == keccak.ROUND_CONSTANTS
    assert tuple(keccak_model.RHO) == keccak.RHO


def test_model_sponge_matches_hashlib():
    import hashlib
    rng = random.Random(3)
    for n in (0, 1, 135, 136, 167, 168, 169, 400):
        data = rng.randbytes(n)
        assert keccak_model.shake(168, data, 500) == hashlib.shake_128(data).digest(500)
        assert keccak_model.shake(136, data, 300) == hashlib.shake_256(data).digest(300)


# --- every form against the model ----------------------------------------------------------------

@pytest.mark.parametrize("kernel", sorted(FORMS))
def test_kernel_matches_model(keccak_runner, states, kernel):
    inputs, expected = states
    got = permute(keccak_runner, kernel, FORMS[kernel], inputs)
    bad = [i for i, (g, e) in enumerate(zip(got, expected)) if g != e]
    assert len(got) == len(expected) and not bad, f"{kernel}: {len(bad)} states differ, first #{bad[:1]}"


@pytest.mark.parametrize("lazy", LAZY_VARIANTS, ids=str)
def test_every_lazy_variant_matches_model(keccak_runner, states, lazy):
    inputs, expected = states[0][:600], states[1][:600]
    assert permute(keccak_runner, f"lazy_{lazy}", 1, inputs) == expected


@pytest.mark.parametrize("form", MIXED_FORMS)
@pytest.mark.parametrize("lazy", MIXED_LAZY_VARIANTS, ids=str)
def test_every_mixed_lazy_variant_matches_model(keccak_runner, states, lazy, form):
    inputs, expected = states[0][:600], states[1][:600]
    assert permute(keccak_runner, f"mixed_lazy_{lazy}_{form}", FORMS[form], inputs) == expected


# --- the checks catch broken kernels ---------------------------------------------------------------

@pytest.mark.parametrize("kind, form", MUTATED)
def test_broken_method_is_caught(keccak_runner, states, kind, form):
    """Every call gives a wrong state (shared_home breaks only the general-register
    states of a call; the others break every state)."""
    inputs, expected = states[0][:48], states[1][:48]
    got = permute(keccak_runner, f"mutant_{kind}_{form}", FORMS[form], inputs)
    ways = FORMS[form]
    assert len(got) == len(expected)
    assert all(got[i:i + ways] != expected[i:i + ways] for i in range(0, len(got), ways))


@pytest.mark.parametrize("variant, ways, expect", [
    ("faulty_overwrite", 1, "caught"), ("faulty_overread", 1, "segv"),
    ("faulty_clobber_x19", 1, "aapcs"), ("faulty_clobber_d8", 2, "aapcs")])
def test_harness_catches_faulty_kernels(keccak_runner, states, variant, ways, expect):
    result = permute(keccak_runner, variant, ways, states[0][:2], check=False)
    assert_harness_verdict(result, expect)


# --- generated code ------------------------------------------------------------------------------

def test_header_declares_the_keccak_kernels():
    header = (OUT / "snova_kernels.h").read_text()
    for proto in ("void snova_keccakf1600(uint64_t s[25]);", "void snova_keccakf1600_carried(uint64_t s[25]);",
                  "void snova_keccakf1600_x2(uint64_t s[50]);",
                  "void snova_keccakf1600_sha3(uint64_t s[25]);", "void snova_keccakf1600_x2_sha3(uint64_t s[50]);",
                  "void snova_keccakf1600_x3(uint64_t s[75]);", "void snova_keccakf1600_x4(uint64_t s[100]);"):
        assert proto in header


def instructions(name):
    return instruction_lines((OUT / f"{name}.S").read_text())


@pytest.mark.parametrize("name", ("keccakf1600", "keccakf1600_carried", *MIXED_FORMS))
def test_general_register_forms_use_neither_x18_nor_x29_and_save_x30(name):
    body = instructions(name)
    assert not any(re.search(r"\b[xw](18|29)\b", ln) for ln in body)
    assert "str\tx30, [sp, #" in "\n".join(body) and body[-1] == "ret"
    assert not any(ln.startswith(("b.", "cbz", "cbnz", "tbz", "tbnz", "b\t")) for ln in body), "fully unrolled"


def test_sha3_forms_use_the_sha3_instructions_and_declare_them():
    for name in ("keccakf1600_sha3", "keccakf1600_x2_sha3"):
        mnemonics = {ln.split()[0] for ln in instructions(name)}
        assert {"eor3", "rax1", "xar", "bcax"} <= mnemonics
        assert "\t.arch\tarmv8.2-a+sha3\n" in (OUT / f"{name}.S").read_text()
    for name in ("keccakf1600", "keccakf1600_carried", "keccakf1600_x2", *MIXED_FORMS):
        assert not {"eor3", "rax1", "xar", "bcax"} & {ln.split()[0] for ln in instructions(name)}


# --- llvm-mca: the committed kernels against OpenSSL's ----------------------------------------------

def test_committed_kernels_meet_the_openssl_bar():
    """Cycles per permutation (per state for the two-state forms), the committed
    out/, against OpenSSL's keccak1600-armv8.pl measured the same way
    (mca_reports/keccak_openssl.json): the general-register forms on cortex-a55,
    cortex-a72 and neoverse-n1 (the carried one where it is taken) against its KeccakF1600, the SHA3 form on
    neoverse-v1 and apple-a15 against its KeccakF1600_cext."""
    from tools import mca_keccak
    anchor = mca_keccak.openssl_figures()
    bars = [(kernel, ref, cpu) for kernel, ref, cpus in (
        ("keccakf1600", "base", ("cortex-a55", "cortex-a72", "neoverse-n1")),
        ("keccakf1600_carried", "base", ("cortex-a55", "neoverse-n1")),
        ("keccakf1600_sha3", "ce", ("neoverse-v1", "apple-a15"))) for cpu in cpus]
    with ThreadPoolExecutor(max_workers=len(bars)) as pool:
        ours = list(pool.map(lambda bar: mca_keccak.cycles_per_state(bar[0], bar[2]), bars))
    for (kernel, ref, cpu), cycles in zip(bars, ours):
        assert cycles <= anchor[ref][cpu], f"{kernel} on {cpu}: {cycles:.0f} > OpenSSL's {anchor[ref][cpu]:.0f}"
