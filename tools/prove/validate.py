"""The check of tools/prove/semantics.py against the machine: every
general-register form the checker computes on known numbers, run under
qemu-aarch64 on 1,000 random operand values each and compared with the
semantics' own functions; and the bit-precise forms of the functional run
(tools/prove/validate_bits.py). The result is recorded in
tools/prove/validated.json under the hash of the semantics' and the
validation's sources, so it is redone only when one of them changes.

    python -m tools.prove.validate [--force]"""
from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.prove import semantics as sem
from tools.prove import validate_bits

HERE = Path(__file__).resolve().parent
RECORD = HERE / "validated.json"
SAMPLES = 1000
M = sem.MASK64


def _flags(value: int):
    return (value >> 31) & 1, (value >> 30) & 1, (value >> 29) & 1, (value >> 28) & 1


def _subs(a, b):
    value, flags = sem.add_with_carry(a, ~b & M, 1, 64)
    return value, flags


# (form, inline assembly of result %0 (and NZCV %1) from a (%2) and b (%3), model -> (result, flags or None))
FORMS = [
    ("add x, x, #imm", "add %0, %2, #0x7f0", lambda a, b: ((a + 0x7F0) & M, None)),
    ("add x, x, x", "add %0, %2, %3", lambda a, b: ((a + b) & M, None)),
    ("add x, x, x, lsl #4", "add %0, %2, %3, lsl #4", lambda a, b: ((a + sem.shifted(b, "lsl", 4, 64)) & M, None)),
    ("sub x, x, #imm", "sub %0, %2, #0x90", lambda a, b: ((a - 0x90) & M, None)),
    ("sub x, x, x", "sub %0, %2, %3", lambda a, b: ((a - b) & M, None)),
    ("subs x, x, #imm", "subs %0, %2, #0x1\n\tmrs %1, nzcv", lambda a, b: sem.add_with_carry(a, ~1 & M, 1, 64)),
    ("subs x, x, x", "subs %0, %2, %3\n\tmrs %1, nzcv", _subs),
    ("cmp x, x", "cmp %2, %3\n\tmrs %1, nzcv\n\tmov %0, #0", lambda a, b: (0, _subs(a, b)[1])),
    ("tst x, x", "tst %2, %3\n\tmrs %1, nzcv\n\tmov %0, #0",
     lambda a, b: (0, ((a & b) >> 63, int(a & b == 0), 0, 0))),
    ("lsr x, x, #imm", "lsr %0, %2, #6", lambda a, b: (sem.shifted(a, "lsr", 6, 64), None)),
    ("lsl x, x, #imm", "lsl %0, %2, #5", lambda a, b: (sem.shifted(a, "lsl", 5, 64), None)),
    ("ror x, x, #imm", "ror %0, %2, #0x2b", lambda a, b: (sem.ror64(a, 0x2B), None)),
    ("and x, x, #imm", "and %0, %2, #0x3", lambda a, b: (sem.logical("and", a, 3, 64), None)),
    ("mul x, x, x", "mul %0, %2, %3", lambda a, b: ((a * b) & M, None)),
    ("ubfx x, x, #lsb, #width", "ubfx %0, %2, #4, #12", lambda a, b: (sem.ubfx(a, 4, 12), None)),
    ("lsr w, w, #imm", "lsr %w0, %w2, #3", lambda a, b: (sem.shifted(a, "lsr", 3, 32), None)),
    *[(f"{op} x, x, x, ror #imm", f"{op} %0, %2, %3, ror #0x15",
       (lambda op: lambda a, b: (sem.logical(op, a, sem.shifted(b, "ror", 0x15, 64), 64), None))(op))
      for op in ("eor", "bic", "orn", "eon", "and", "orr")],
    *[(f"{op} x, x, x", f"{op} %0, %2, %3", (lambda op: lambda a, b: (sem.logical(op, a, b, 64), None))(op))
      for op in ("eor", "bic", "orn", "eon")],
]
CONDITIONS = ("eq", "ne", "hs", "lo", "hi", "ls", "ge", "lt", "gt", "le", "mi", "pl")


def _program(values) -> str:
    lines = ["#include <stdint.h>", "#include <stdio.h>",
             f"static const uint64_t A[{len(values)}] = {{{', '.join(f'0x{a:x}ull' for a, _ in values)}}};",
             f"static const uint64_t B[{len(values)}] = {{{', '.join(f'0x{b:x}ull' for _, b in values)}}};",
             "int main(void) {", f"  for (int i = 0; i < {len(values)}; i++) {{",
             "    uint64_t a = A[i], b = B[i], r, f;"]
    for _, asm, _ in FORMS:
        text = asm.replace("\n", "\\n")
        lines.append(f'    f = 0; __asm__ volatile("{text}" : "=&r"(r), "=&r"(f) : "r"(a), "r"(b) : "cc");')
        lines.append('    printf("%llx %llx\\n", (unsigned long long)r, (unsigned long long)f);')
    for cond in CONDITIONS:
        lines.append(f'    __asm__ volatile("cmp %1, %2\\n\\tcset %0, {cond}" : "=&r"(r) : "r"(a), "r"(b) : "cc");')
        lines.append('    printf("%llx\\n", (unsigned long long)r);')
    lines += ["  }", "  return 0;", "}"]
    return "\n".join(lines) + "\n"


def _values(rng) -> list:
    """Random operands, a fifth of them near the edges (0, 1, all ones, the sign bit)."""
    edges = [0, 1, 2, M, M - 1, 1 << 63, (1 << 63) - 1, 0xFFFFFFFF, 1 << 32]
    out = []
    for i in range(SAMPLES):
        pick = lambda: rng.choice(edges) if rng.random() < 0.2 else rng.getrandbits(64)
        a = pick()
        b = a if i % 17 == 0 else pick()
        out.append((a, b))
    return out


def run_qemu(values) -> list:
    with tempfile.TemporaryDirectory() as tmp:
        src, exe = Path(tmp) / "v.c", Path(tmp) / "v"
        src.write_text(_program(values))
        subprocess.run(["clang-19", "--target=aarch64-linux-gnu", "-fuse-ld=lld", "-static", "-O1",
                        str(src), "-o", str(exe)], check=True, capture_output=True)
        return subprocess.run(["qemu-aarch64", "-cpu", "max", str(exe)], check=True,
                              capture_output=True, text=True).stdout.split("\n")


def mismatches(values, lines) -> list:
    out, pos = [], 0
    for a, b in values:
        for form, _, model in FORMS:
            result, flags = (int(t, 16) for t in lines[pos].split())
            pos += 1
            want, want_flags = model(a, b)
            if result != want or (want_flags is not None and _flags(flags) != tuple(want_flags)):
                out.append(f"{form}: a=0x{a:x} b=0x{b:x}: qemu {result:x}/{flags:x}, model {want:x}/{want_flags}")
        flags = _subs(a, b)[1]
        for cond in CONDITIONS:
            if int(lines[pos], 16) != int(sem.condition_holds(cond, flags)):
                out.append(f"b.{cond}: a=0x{a:x} b=0x{b:x}: qemu {lines[pos]}")
            pos += 1
    return out


# what the validated semantics are made of: functional.py reads operands with machine.py's parsers
SOURCES = ("semantics.py", "validate.py", "algebra.py", "vector.py", "aes.py", "machine.py", "functional.py",
           "validate_bits.py")


def source_hash() -> str:
    return hashlib.sha256(b"".join((HERE / name).read_bytes() for name in SOURCES)).hexdigest()


def recorded() -> bool:
    """Whether the record holds a passing validation of the current semantics."""
    if not RECORD.exists():
        return False
    record = json.loads(RECORD.read_text())
    return record.get("source") == source_hash() and record.get("mismatches") == []


def validate(seed: int = 44) -> list:
    values = _values(random.Random(seed))
    return mismatches(values, run_qemu(values)) + validate_bits.mismatches(seed)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if recorded() and "--force" not in argv:
        print("semantics validated (recorded in tools/prove/validated.json)")
        return 0
    bad = validate()
    for line in bad[:20]:
        print(line)
    forms = len(FORMS) + len(CONDITIONS) + len(validate_bits.FORMS)
    RECORD.write_text(json.dumps({"source": source_hash(), "forms": forms,
                                  "samples": SAMPLES, "mismatches": bad[:20]}, indent=1) + "\n")
    print(f"{forms} forms x {SAMPLES} operand values under qemu-aarch64: {len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
