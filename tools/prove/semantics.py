"""The instruction semantics the checker executes, written from the Arm
Architecture Reference Manual (DDI 0487), one entry per instruction form the
generated kernels contain. Values are abstract:

  general register  (base, offset, secret)   base None: a number (offset its
                    value, or None if unknown); base a name: that symbol
                    (an argument pointer 'arg0'.., 'sp', 'lr', 'lit', or a
                    callee-saved register's entry value 'x19'..) plus offset;
                    secret: derived from data (taint)
  vector register   (secret, origin)         origin ('v', n) while it holds
                    its entry value, ('d', n) its low half, else None

Arithmetic on known public numbers is exact (the forms validated against
qemu-aarch64 by tools/prove/validate.py); on anything else it yields an
unknown number whose secrecy is the OR of its operands'. Memory and control
flow are the machine's (tools/prove/machine.py); this module parses operands
and computes values."""
from __future__ import annotations

import re

MASK64 = (1 << 64) - 1
UNKNOWN = (None, None, False)

# Arm's FEAT_DIT list (DDI 0487, "Data Independent Timing"): instructions whose
# timing does not depend on their data operands. Every data-processing
# instruction the kernels contain must be on it, whatever its operands' taint.
DIT = frozenset("""
add sub subs and orr eor bic orn eon ror lsl lsr ubfx mov movi mul tst cmp
adds ands bics neg
ext tbl tbx pmul ushr shl sli sri zip1 zip2 uzp1 uzp2 trn1 trn2 dup umov ins
rev32 cmeq cmtst eor3 bcax rax1 xar aese aesmc nop bti paciasp autiasp
""".split())
# loads, stores and branches: their timing may depend on an address or a
# condition, which the machine requires to be public instead
MEMORY_AND_CONTROL = frozenset("""
ldr str ldur stur ldp stp ldrb strb ld1r ld2 ld4 ld4r st2 st4 adr
b b.eq b.ne b.hs b.lo b.hi b.ls b.ge b.lt b.gt b.le b.mi b.pl b.cs b.cc cbz cbnz tbz tbnz ret
""".split())

_XREG = re.compile(r"^([xw])(\d+)$")


def gpr_index(name: str):
    """(register number, width) of x0..x30, w0..w30, xzr/wzr (31, zero), sp (32)."""
    if name == "sp":
        return 32, 64
    if name in ("xzr", "wzr"):
        return 31, 64 if name[0] == "x" else 32
    m = _XREG.match(name)
    if not m:
        raise ValueError(f"not a general register: {name}")
    return int(m.group(2)), 64 if m.group(1) == "x" else 32


def imm(text: str) -> int:
    text = text.strip().lstrip("#")
    return int(text, 0)


def ror64(value: int, amount: int) -> int:
    amount %= 64
    return ((value >> amount) | (value << (64 - amount))) & MASK64


def shifted(value: int, kind: str, amount: int, width: int) -> int:
    """DecodeShift/ShiftReg: a shifted register operand."""
    mask = (1 << width) - 1
    value &= mask
    if kind == "lsl":
        return (value << amount) & mask
    if kind == "lsr":
        return value >> amount
    if kind == "asr":
        sign = value >> (width - 1)
        return ((value >> amount) | ((mask << (width - amount)) & mask if sign and amount else 0)) & mask
    if kind == "ror":
        amount %= width
        return ((value >> amount) | (value << (width - amount))) & mask
    raise ValueError(kind)


def add_with_carry(x: int, y: int, carry: int, width: int):
    """AddWithCarry(): (result, (N, Z, C, V))."""
    mask = (1 << width) - 1
    unsigned = (x & mask) + (y & mask) + carry
    result = unsigned & mask

    def signed(v):
        return v - (1 << width) if v >> (width - 1) else v
    signed_sum = signed(x & mask) + signed(y & mask) + carry
    n = result >> (width - 1)
    z = int(result == 0)
    c = int(unsigned != result)
    v = int(signed(result) != signed_sum)
    return result, (n, z, c, v)


def condition_holds(cond: str, flags) -> bool:
    """ConditionHolds() on concrete NZCV."""
    n, z, c, v = flags
    table = {
        "eq": z == 1, "ne": z == 0, "hs": c == 1, "cs": c == 1, "lo": c == 0, "cc": c == 0,
        "mi": n == 1, "pl": n == 0, "vs": v == 1, "vc": v == 0,
        "hi": c == 1 and z == 0, "ls": not (c == 1 and z == 0),
        "ge": n == v, "lt": n != v, "gt": z == 0 and n == v, "le": not (z == 0 and n == v),
        "al": True,
    }
    return table[cond]


LOGICAL = {
    "and": lambda a, b: a & b,
    "orr": lambda a, b: a | b,
    "eor": lambda a, b: a ^ b,
    "bic": lambda a, b: a & ~b,
    "orn": lambda a, b: a | ~b,
    "eon": lambda a, b: a ^ ~b,
}


def logical(op: str, a: int, b: int, width: int) -> int:
    return LOGICAL[op](a, b) & ((1 << width) - 1)


def ubfx(value: int, lsb: int, width: int) -> int:
    return (value >> lsb) & ((1 << width) - 1)


# vector instructions whose destination is also a source (Arm ARM: the
# destination's other elements or bits are kept, or it is an operand)
MERGING = frozenset({"sli", "sri", "tbx", "ins", "mov", "aese", "aesmc", "bcax", "eor3"})

def vector_registers(operands: str) -> list:
    """The vector register numbers an operand string names, in order."""
    out = []
    for m in re.finditer(r"\b(?:v(\d+)\.|([qdsbh])(\d+)\b)", operands):
        out.append(int(m.group(1) if m.group(1) is not None else m.group(3)))
    return out
