"""The check of the bit-precise semantics (tools/prove/functional.py and
vector.py) against the machine: every Advanced SIMD and bitwise form the
functional run executes, as the run's own handler on constant bit-vectors,
compared with qemu-aarch64 on 1,000 random register values each (v0..v5,
x9 and x10 before; v0 and x9 after). Driven by tools/prove/validate.py."""
from __future__ import annotations

import random
import subprocess
import tempfile
from pathlib import Path

from tools.prove import functional
from tools.prove.algebra import Variables, vec_const, vec_value
from tools.prove.machine import _split

SAMPLES = 1000
# each form in llvm-objdump's spelling, as the run reads it
FORMS = """
pmul v0.16b, v1.16b, v2.16b|pmul v0.8b, v1.8b, v2.8b
tbl v0.16b, {v1.16b}, v5.16b|tbl v0.16b, {v1.16b, v2.16b}, v5.16b|tbl v0.16b, {v1.16b, v2.16b, v3.16b}, v5.16b
tbl v0.16b, {v1.16b, v2.16b, v3.16b, v4.16b}, v5.16b|tbl v0.8b, {v1.16b}, v5.8b|tbl v0.8b, {v1.16b, v2.16b}, v5.8b
tbl v0.8b, {v1.16b, v2.16b, v3.16b}, v5.8b|tbx v0.16b, {v1.16b}, v5.16b
ushr v0.16b, v1.16b, #4|ushr v0.8b, v1.8b, #4|ushr v0.2d, v1.2d, #63|shl v0.2d, v1.2d, #1|sri v0.2d, v1.2d, #63
sri v0.16b, v1.16b, #4|sli v0.16b, v1.16b, #4
ext v0.16b, v1.16b, v2.16b, #5|ext v0.8b, v1.8b, v2.8b, #3
zip1 v0.16b, v1.16b, v2.16b|zip2 v0.16b, v1.16b, v2.16b|zip1 v0.2d, v1.2d, v2.2d|zip2 v0.2d, v1.2d, v2.2d
uzp1 v0.16b, v1.16b, v2.16b|uzp2 v0.16b, v1.16b, v2.16b|trn1 v0.16b, v1.16b, v2.16b|trn2 v0.16b, v1.16b, v2.16b
trn1 v0.8b, v1.8b, v2.8b|trn2 v0.8b, v1.8b, v2.8b|trn1 v0.8h, v1.8h, v2.8h|trn2 v0.8h, v1.8h, v2.8h
trn1 v0.4h, v1.4h, v2.4h|trn2 v0.4h, v1.4h, v2.4h
dup v0.2d, v1.d[1]|dup v0.4s, v1.s[2]|dup v0.2s, v1.s[3]|dup v0.4h, v1.h[5]|dup v0.8b, v1.b[9]
cmeq v0.16b, v1.16b, #0|cmeq v0.16b, v1.16b, v2.16b|cmtst v0.16b, v1.16b, v2.16b|rev32 v0.16b, v1.16b
add v0.2d, v1.2d, v2.2d|add v0.4s, v1.4s, v2.4s
eor v0.16b, v1.16b, v2.16b|eor v0.8b, v1.8b, v2.8b|and v0.16b, v1.16b, v2.16b|bic v0.16b, v1.16b, v2.16b
mov v0.16b, v1.16b|mov v0.b[7], w9|mov v0.s[3], v1.s[1]|umov w9, v1.b[11]|movi v0.16b, #0x13|movi v0.4s, #0x10
eor3 v0.16b, v1.16b, v2.16b, v3.16b|bcax v0.16b, v1.16b, v2.16b, v3.16b|rax1 v0.2d, v1.2d, v2.2d
xar v0.2d, v1.2d, v2.2d, #0x15|aese v0.16b, v1.16b|aesmc v0.16b, v1.16b
eor x9, x9, x10|bic x9, x9, x10|orn x9, x9, x10|eon x9, x9, x10|eor x9, x9, x10, ror #21|bic x9, x9, x10, ror #43
orn x9, x9, x10, ror #2|eon x9, x9, x10, ror #61|ror x9, x10, #23|lsr x9, x10, #7|lsl x9, x10, #9
add x9, x9, x10|sub x9, x9, x10|ubfx x9, x10, #4, #12
""".replace("\n", "|").strip("|").split("|")


def _vectors(rng) -> list:
    """Six random 128-bit registers; table indices half in range of the tables, half any byte."""
    regs = [rng.getrandbits(128) for _ in range(5)]
    idx = bytes(rng.randrange(72) if rng.random() < 0.5 else rng.randrange(256) for _ in range(16))
    return regs + [int.from_bytes(idx, "little")]


def _program(samples) -> str:
    words = lambda v: ", ".join(f"0x{(v >> (64 * k)) & ((1 << 64) - 1):x}ull" for k in range(2))
    data = ", ".join(words(v) for regs, _ in samples for v in regs)
    gprs = ", ".join(f"0x{x:x}ull" for _, pair in samples for x in pair)
    lines = ["#include <stdint.h>", "#include <stdio.h>",
             f"static const uint64_t V[] = {{{data}}};", f"static const uint64_t X[] = {{{gprs}}};",
             "int main(void) {", f"  for (int i = 0; i < {len(samples)}; i++) {{",
             "    const uint64_t *v = V + 12 * i; uint64_t o[3];"]
    for form in FORMS:
        lines.append(
            '    __asm__ volatile("ldp q0, q1, [%1]\\n\\tldp q2, q3, [%1, #32]\\n\\tldp q4, q5, [%1, #64]\\n\\t'
            f'ldp x9, x10, [%2]\\n\\t{form}\\n\\tstr q0, [%0]\\n\\tstr x9, [%0, #16]"'
            ' :: "r"(o), "r"(v), "r"(X + 2 * i) : "v0", "v1", "v2", "v3", "v4", "v5", "x9", "x10", "memory");')
        lines.append('    printf("%016llx%016llx %llx\\n", (unsigned long long)o[1], (unsigned long long)o[0], '
                     '(unsigned long long)o[2]);')
    lines += ["  }", "  return 0;", "}"]
    return "\n".join(lines) + "\n"


def model(form: str, regs: list, pair) -> tuple:
    """(v0, x9) after the form, by the run's own handler on constants."""
    mnemonic, _, operands = form.partition(" ")
    run = functional.Run({0: None}, b"", [], {}, Variables())
    run.v[:6] = [vec_const(v, 128) for v in regs]
    run.x[9], run.x[10] = vec_const(pair[0], 64), vec_const(pair[1], 64)
    functional.handlers()[mnemonic](run, mnemonic, _split(operands))
    return vec_value(run.v[0]), vec_value(run.x[9])


def mismatches(seed: int) -> list:
    rng = random.Random(seed)
    samples = [(_vectors(rng), (rng.getrandbits(64), rng.getrandbits(64))) for _ in range(SAMPLES)]
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = Path(tmp) / "v.c", Path(tmp) / "v"
        src.write_text(_program(samples))
        subprocess.run(["clang-19", "--target=aarch64-linux-gnu", "-march=armv8.2-a+sha3+aes", "-fuse-ld=lld",
                        "-static", "-O1", str(src), "-o", str(exe)], check=True, capture_output=True)
        lines = iter(subprocess.run(["qemu-aarch64", "-cpu", "max", str(exe)], check=True,
                                    capture_output=True, text=True).stdout.split("\n"))
    out = []
    for regs, pair in samples:
        for form in FORMS:
            vector, gpr = (int(t, 16) for t in next(lines).split())
            want = model(form, regs, pair)
            if (vector, gpr) != want:
                out.append(f"{form}: v={[hex(r) for r in regs]} x={[hex(p) for p in pair]}: qemu "
                           f"{vector:x}/{gpr:x}, run {want[0]:x}/{want[1]:x}")
    return out
