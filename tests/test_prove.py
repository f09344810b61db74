"""The object-code checker (tools/prove, docs/proofs.md): its record covers
every kernel of out/ as assembled now, a representative sample proves again,
its semantics agree with qemu-aarch64, and each planted defect is rejected."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.test_gf16_kernels import FAMILIES, MODES, RANDOM_CASES, edge_cases, random_cases
from tools.prove import __main__ as prove
from tools.prove import functional, validate
from tools.prove.check import check
from tools.prove.objcode import assemble, format_difference, object_code

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "out"
HEADER = OUT / "snova_kernels.h"
SAMPLE = ("gf16m_add_r2", "gf16m_mul_tables", "gf16m_rowdot_ptblw_8x4x4", "gf16m_rowdot_rtbl_5x5x5",
          "gf16m_linsys_l4r5", "gf16m_unpack_runs_r4", "aes128_ctr_keystream", "aes256_ecb",
          "gf16_solve", "keccakf1600_x4")


def test_record_covers_every_kernel_as_assembled():
    record = json.loads(prove.CACHE.read_text())
    checker = prove.checker_hash(OUT)
    stale = [src.stem for src in prove.kernel_sources(OUT)
             if record.get(src.stem, {}).get("key") != prove.entry_key(assemble(src, OUT), checker)]
    assert not stale, f"tools/prove/proved.json is not current for {len(stale)} kernels ({stale[:3]} ..): run make prove"
    assert set(record) == {src.stem for src in prove.kernel_sources(OUT)}
    assert prove.summary(record).endswith(f"{len(record)}/{len(record)} memory-safe, "
                                          f"{len(record)}/{len(record)} constant-time")


# operands a kernel rightly reads less of than their extent: the solver's rows
# are stride bytes, of which it reads the 16-byte blocks holding columns 0..n
SLACK = {"gf16_solve": ["g"]}


def test_extents_are_reached():
    """Every operand is accessed to its declared end at every instantiation, so
    an extent in tools/prove/abi.py larger than the kernel's use (which would let
    an access past the real operand through) shows."""
    record = json.loads(prove.CACHE.read_text())
    assert {name: e["slack"] for name, e in record.items() if e["slack"]} == SLACK


@pytest.mark.parametrize("name", SAMPLE)
def test_sample_proves_again(name):
    result = check(object_code(OUT / f"{name}.S"), HEADER)
    assert result["memory"] is None and result["constant_time"] is None, result
    assert result["paths"] > 0


# cheap representatives of each family the bit-precise run proves
FUNCTIONAL_SAMPLE = ("gf16m_add_r2", "gf16m_mul_r4", "gf16m_dot_r2", "gf16m_rowdot_r2", "gf16m_mul_tables",
                     "gf16m_mul_pair_tables", "gf16m_rowdot_rtbl_2x2x2", "gf16m_linsys_l2r2",
                     "gf16m_unpack_runs_r4", "gf16m_transpose_r4", "gf16m_interleave_runs_r5",
                     "gf16m_fold_patterns", "aes128_key_expand", "aes128_ctr_keystream")


@pytest.mark.parametrize("name", FUNCTIONAL_SAMPLE)
def test_sample_functional_proof(name):
    assert functional.failure(object_code(OUT / f"{name}.S"), HEADER) is None


def test_record_counts_functional_proofs():
    record = json.loads(prove.CACHE.read_text())
    unproven = {name for name, e in record.items() if not e["functional"]}
    assert all(record[name]["functional_failure"] for name in unproven)
    assert len(unproven) <= len(record) // 20, sorted(unproven)


def test_semantics_agree_with_qemu():
    assert validate.recorded(), "tools/prove/validated.json is stale: run python -m tools.prove.validate"
    assert validate.validate() == []


def _mutant_code(tmp_path, name: str, old: str, new: str):
    """The kernel with one planted defect, assembled: old replaced by new once."""
    text = (OUT / f"{name}.S").read_text()
    assert text.count(old) >= 1, old
    shutil.copy(OUT / "snova_asm.h", tmp_path / "snova_asm.h")
    path = tmp_path / f"{name}.S"
    path.write_text(text.replace(old, new, 1))
    return object_code(path)


def _mutant(tmp_path, name: str, old: str, new: str):
    return check(_mutant_code(tmp_path, name, old, new), HEADER)


# (kernel, text replaced, its replacement, property, the failure's words)
DEFECTS = {
    "callee-saved x19 clobbered": ("gf16m_add_r2", "\tret\n", "\tmov\tx19, x0\n\tret\n",
                                   "memory", "callee-saved x19 not restored"),
    "callee-saved d9 clobbered": ("gf16m_add_r2", "\tret\n", "\tmovi\tv9.16b, #0\n\tret\n",
                                  "memory", "callee-saved d9 not restored"),
    "platform register written": ("gf16m_add_r2", "\tret\n", "\tmov\tx18, x0\n\tret\n",
                                  "memory", "x18, the platform register, written"),
    "load one byte past an operand": ("gf16m_add_r2", "ldr\ts1, [x1]", "ldur\ts1, [x1, #1]",
                                      "memory", "arg1 access [1, 5) outside its 4 bytes"),
    "store through a const pointer": ("gf16m_add_r2", "str\ts2, [x2]", "str\ts2, [x0]",
                                      "memory", "store through const pointer arg0"),
    "store below the frame": ("keccakf1600", "\tret\n", "\tstr\tx0, [sp, #-8]\n\tret\n",
                              "memory", "outside the frame"),
    "branch on a data bit": ("gf16m_add_r2", "\tret\n", "\tumov\tw9, v2.b[0]\n\ttbz\tw9, #0, 1f\n\tnop\n1:\n\tret\n",
                             "constant_time", "tbz on w9 depends on data"),
    "address from data": ("gf16m_add_r2", "\tret\n", "\tumov\tw9, v2.b[0]\n\tldrb\tw10, [x1, x9]\n\tret\n",
                          "constant_time", "address index x9 depends on data"),
    "instruction off the DIT list": ("gf16m_add_r2", "\tret\n", "\tudiv\tx9, x9, x10\n\tret\n",
                                     "constant_time", "udiv is not on the FEAT_DIT list"),
}


@pytest.mark.parametrize("defect", sorted(DEFECTS))
def test_planted_defect_rejected(tmp_path, defect):
    name, old, new, prop, words = DEFECTS[defect]
    result = _mutant(tmp_path, name, old, new)
    assert words in (result[prop] or ""), result


# gf16m_add_r4 made wrong on one input value: output lane 0 flipped when a is
# the all-15 matrix and b[0] = 14 (whatever b's other elements), by masks
# (cmeq, an AND over the lanes by ext), so no branch or address shows it
ONE_VALUE_WRONG = """\tmovi\tv31.16b, #15
\tcmeq\tv30.16b, v0.16b, v31.16b
""" + "".join(f"\text\tv31.16b, v30.16b, v30.16b, #{k}\n\tand\tv30.16b, v30.16b, v31.16b\n" for k in (8, 4, 2, 1)) + """\
\tmovi\tv31.16b, #14
\tcmeq\tv31.16b, v1.16b, v31.16b
\tand\tv30.16b, v30.16b, v31.16b
\tmovi\td31, #0xff
\tand\tv30.16b, v30.16b, v31.16b
\tmovi\tv31.16b, #1
\tand\tv30.16b, v30.16b, v31.16b
\teor\tv2.16b, v2.16b, v30.16b
\tstur\tq2, [x2]"""


def test_one_value_defect_rejected_by_functional_proof_only(tmp_path):
    code = _mutant_code(tmp_path, "gf16m_add_r4", "\tstur\tq2, [x2]", ONE_VALUE_WRONG)
    result = check(code, HEADER)
    assert result["memory"] is None and result["constant_time"] is None, result
    assert "c[0] bit 0 differs" in functional.failure(code, HEADER)


def test_one_value_defect_missed_by_random_test():
    """tests/test_gf16_kernels.py's test of gf16m_add_r4, every mode at its
    default sample count, never gives the mutant its one wrong input: it would
    pass. (Each random case hits it with probability 16^-17.)"""
    trigger = lambda a, b: a == bytes([15] * 16) and b[0] == 14
    for mode in MODES:
        seed = 4 * 100 + FAMILIES.index("add") * 10 + MODES.index(mode)
        cases = edge_cases(4) + random_cases(4, RANDOM_CASES[mode], seed)
        assert not any(trigger(a, b) for a, b in cases)


# (kernel, text replaced, its replacement, the functional failure's words)
FUNCTIONAL_DEFECTS = {
    "AES round constant wrong": ("aes128_key_expand", "movi\tv24.4s, #2", "movi\tv24.4s, #3",
                                 "rk[32] bit 0 differs"),
    "CTR counter step wrong": ("aes128_ctr_keystream", "1, 0, 0, 0\n", "2, 0, 0, 0\n", "out[16] bit"),
}


@pytest.mark.parametrize("defect", sorted(FUNCTIONAL_DEFECTS))
def test_planted_functional_defect_rejected(tmp_path, defect):
    name, old, new, words = FUNCTIONAL_DEFECTS[defect]
    assert words in (functional.failure(_mutant_code(tmp_path, name, old, new), HEADER) or "")


def test_format_difference_rejected(tmp_path):
    """A kernel whose Mach-O object is not its ELF object's instruction stream
    is caught, so no property proven of the ELF object is claimed of it."""
    code = _mutant_code(tmp_path, "gf16m_add_r2", "\tret\n", "#if defined(__APPLE__)\n\tmovi\tv2.16b, #0\n#endif\n\tret\n")
    assert format_difference(tmp_path / "gf16m_add_r2.S", code) == \
        "the Mach-O object's instructions differ from the ELF object's"
    assert format_difference(OUT / "gf16m_add_r2.S", object_code(OUT / "gf16m_add_r2.S")) is None
