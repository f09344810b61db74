"""The object-code checker (tools/prove, docs/proofs.md): its record covers
every kernel of out/ as assembled now, a representative sample proves again,
its semantics agree with qemu-aarch64, and each planted defect is rejected."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tools.prove import __main__ as prove
from tools.prove import validate
from tools.prove.check import check
from tools.prove.objcode import assemble, object_code

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


def test_semantics_agree_with_qemu():
    assert validate.recorded(), "tools/prove/validated.json is stale: run python -m tools.prove.validate"
    assert validate.validate() == []


def _mutant(tmp_path, name: str, old: str, new: str):
    """The kernel with one planted defect, assembled: old replaced by new once."""
    text = (OUT / f"{name}.S").read_text()
    assert text.count(old) >= 1, old
    shutil.copy(OUT / "snova_asm.h", tmp_path / "snova_asm.h")
    path = tmp_path / f"{name}.S"
    path.write_text(text.replace(old, new, 1))
    return check(object_code(path), HEADER)


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
