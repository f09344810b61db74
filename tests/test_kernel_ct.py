"""The static constant-time check (tools/ct/kernel_check.py) of every generated
kernel as ELF, Mach-O and COFF assemble it: no branch condition and no address depends on data
(memory contents, vector registers), gf16_solve's result the one exception.
Kernels of every family with a planted leak (a branch on data, a load at an
address computed from data, data through a stack slot, a select that picks an
address) must fail it; the allowed forms (a select on data, an argument spilled
and restored) must pass."""
import re
from unittest import mock

import pytest

from generator.abi import FORMATS
from tools.asm_formats import rendering
from tools.ct import kernel_check
from tools.ct.kernel_check import check_file, check_listing, declared_returns, kernel_files, parse

FILES = kernel_files()
RETURNS = declared_returns()
# one kernel of each family (GF(16) products, strided dots, the solver, AES,
# Keccak on general and on vector registers), in each object format
FAMILIES = ["gf16m_mul_r4", "gf16m_rowdot_r2", "gf16_solve", "aes128_ctr_keystream", "keccakf1600",
            "keccakf1600_x3"]
PLANTS = {
    "branch on a vector lane": ["umov w9, v0.b[0]", "cbz w9, .Lplanted"],
    "branch on flags from data": ["fmov x9, d0", "cmp x9, #3", "b.eq .Lplanted"],
    "test-bit branch on loaded data": ["ldrb w9, [x1]", "tbnz w9, #0, .Lplanted"],
    "load indexed by a vector lane": ["umov w9, v0.b[0]", "ldrb w10, [x1, x9]"],
    "load based on loaded data": ["ldr x9, [x1]", "ld1 {v1.16b}, [x9]"],
    "post-index by data": ["umov w9, v1.b[2]", "ld1 {v2.16b}, [x1], x9"],
    "indirect branch to loaded data": ["ldr x9, [x1]", "br x9"],
    "raw instruction word": [".inst 0xb4000009"],
    "data through a stack slot": ["umov w9, v0.b[0]", "str x9, [sp, #-16]!", "ldr x10, [sp], #16",
                                  "ldrb w11, [x1, x10]"],
    "address chosen by a select on data": ["umov w9, v0.b[0]", "cmp w9, #0", "csel x10, x1, x2, eq", "ldrb w11, [x10]"],
}
ALLOWED = {
    "select on data": ["umov w9, v0.b[0]", "cmp w9, #0", "csel x10, x9, xzr, eq", "eor x11, x10, x9"],
    "argument spilled and restored": ["str x1, [sp, #-16]!", "ldr x10, [sp], #16", "ldrb w11, [x10]"],
    "loop counter from an argument": ["mov x9, x2", "subs x9, x9, #1", "b.ne .Lplanted"],
}


def with_lines(path, lines, fmt="elf"):
    """The kernel's text as fmt reads it with lines (and the label .Lplanted after
    them) before its first ret, parsed; and the line numbers of the added lines."""
    text = rendering(path, fmt)
    at = re.search(r"^\s*ret\b", text, re.M).start()
    body = "".join(f"\t{line}\n" for line in lines) + ".Lplanted:\n"
    first = text[:at].count("\n") + 1
    return parse(text[:at] + body + text[at:]), range(first, first + len(lines))


def kernel(family):
    return kernel_check.OUT / f"{family}.S"


def test_every_kernel_is_checked():
    """Every family, and nothing else in out/."""
    names = {p.stem for p in FILES}
    assert {"gf16_solve", "aes128_ctr_keystream", "keccakf1600", "gf16m_mul_r4"} <= names
    assert FILES == sorted(kernel_check.OUT.glob("*.S"))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_kernel_is_constant_time(path, fmt):
    violations = check_file(path, RETURNS, fmt)
    assert not violations, "\n".join(map(str, violations))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("plant", PLANTS)
def test_planted_leak_is_reported(plant, family, fmt):
    path = kernel(family)
    listing, planted = with_lines(path, PLANTS[plant], fmt)
    violations = check_listing(str(path), listing, RETURNS)
    assert any(v.line in planted for v in violations), violations


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("allowed", ALLOWED)
def test_allowed_forms_pass(allowed, fmt):
    path = kernel("gf16m_mul_r4")
    assert not check_listing(str(path), with_lines(path, ALLOWED[allowed], fmt)[0], RETURNS)


@pytest.mark.parametrize("fmt", FORMATS)
def test_solver_result_is_the_one_exception(fmt):
    """gf16_solve returns data in w0; without the documented exception it is
    reported, and no other kernel is declared to return anything."""
    with mock.patch.dict(kernel_check.RETURNS_DATA, clear=True):
        violations = check_file(kernel("gf16_solve"), RETURNS, fmt)
    assert [v.reason for v in violations] == ["snova_gf16_solve returns data in x0"]
    assert [name for name, value in RETURNS.items() if value and name.startswith("snova_gf16")] == \
        ["snova_gf16_solve"]


def test_unreached_code_is_reported():
    """An instruction no path reaches would escape the check: it is reported."""
    path = kernel("gf16m_mul_r4")
    listing, planted = with_lines(path, ["b .Lplanted", "umov w9, v0.b[0]", "ldrb w10, [x1, x9]"])
    assert [(v.line, v.reason) for v in check_listing(str(path), listing, RETURNS)] == \
        [(line, "no path from an entry reaches it") for line in planted[1:]]
