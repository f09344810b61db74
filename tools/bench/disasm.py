"""Instruction words -> assembly text that llvm-mca can read.

llvm-mca needs real instructions: a `.inst 0x...` directive is data to it,
not an instruction, so the words are disassembled with llvm-mc first.
"""
from __future__ import annotations

import re
import subprocess

LLVM_MC = "llvm-mc-19"
# Every extension on: the words come from qemu's `-cpu max`, and disassembly
# does not depend on which core is modelled later.
MATTR = "+all"

_WARNING = re.compile(r"^<stdin>:(\d+):\d+: warning: invalid instruction encoding")


def disassemble(words: list[int]) -> dict[int, str]:
    """Map each decodable word to its assembly text (undecodable ones are
    absent).  One llvm-mc run for all words: one word per input line, and
    llvm-mc names the lines it could not decode, so output pairs up in order."""
    uniq = sorted(set(words))
    if not uniq:
        return {}
    text = "".join(" ".join(f"0x{(w >> s) & 0xff:02x}" for s in (0, 8, 16, 24)) + "\n"
                   for w in uniq)
    p = subprocess.run([LLVM_MC, "--disassemble", "-triple=aarch64", f"-mattr={MATTR}"],
                       input=text, capture_output=True, text=True)
    bad = {int(m.group(1)) - 1 for m in map(_WARNING.match, p.stderr.splitlines()) if m}
    asm = [ln.strip() for ln in p.stdout.splitlines()
           if ln.strip() and not ln.strip().startswith(".")]
    good = [w for i, w in enumerate(uniq) if i not in bad]
    if p.returncode != 0 or len(asm) != len(good):
        raise RuntimeError(f"llvm-mc output does not pair up with its input:\n{p.stderr[-2000:]}")
    return dict(zip(good, asm))
