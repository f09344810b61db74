"""Bit-precise semantics of the Advanced SIMD (and bitwise general-register)
instruction forms the kernels contain, on bit-vectors of GF(2) polynomials
(tools/prove/algebra.py), written from the Arm ARM's pseudocode. A vector
register is a tuple of 128 polynomials; element e of size s bits is bits
e*s .. e*s+s-1. The same functions run on constants, which is how
tools/prove/validate.py checks them against qemu."""
from __future__ import annotations

from tools.prove.algebra import ONE, ZERO, mul, vec_const

ARRANGEMENT = {"16b": (8, 16), "8b": (8, 8), "8h": (16, 8), "4h": (16, 4), "4s": (32, 4), "2s": (32, 2),
               "2d": (64, 2), "1d": (64, 1), "b": (8, 1), "h": (16, 1), "s": (32, 1), "d": (64, 1)}


def lanes(reg, esize: int, count: int) -> list:
    return [tuple(reg[e * esize:(e + 1) * esize]) for e in range(count)]


def join(elements, total: int = 128) -> tuple:
    """Elements side by side, the rest of the register zero (a write of a
    64-bit or scalar form clears the upper bits)."""
    bits = [b for e in elements for b in e]
    return tuple(bits) + (ZERO,) * (total - len(bits))


def bitwise(fn, *regs, width: int = 128) -> tuple:
    return join([tuple(fn(*bits) for bits in zip(*(r[:width] for r in regs)))])


def b_and(a, b):
    return mul(a, b)


def b_or(a, b):
    return a ^ b ^ mul(a, b)


def b_bic(a, b):
    return a ^ mul(a, b)


def b_orn(a, b):
    return b_or(a, b ^ ONE)


BITWISE = {"eor": lambda a, b: a ^ b, "and": b_and, "orr": b_or, "bic": b_bic, "orn": b_orn,
           "eon": lambda a, b: a ^ b ^ ONE}


def shift_right(e, amount: int) -> tuple:
    return tuple(e[i + amount] if i + amount < len(e) else ZERO for i in range(len(e)))


def shift_left(e, amount: int) -> tuple:
    return tuple(e[i - amount] if i >= amount else ZERO for i in range(len(e)))


def rotate_right(e, amount: int) -> tuple:
    n = len(e)
    return tuple(e[(i + amount) % n] for i in range(n))


def ushr(e, amount):
    return shift_right(e, amount)


def shl(e, amount):
    return shift_left(e, amount)


def sri(d, e, amount):
    """Shift right and insert: the top `amount` bits of d kept."""
    n = len(e)
    return tuple(e[i + amount] if i + amount < n else d[i] for i in range(n))


def sli(d, e, amount):
    """Shift left and insert: the low `amount` bits of d kept."""
    return tuple(e[i - amount] if i >= amount else d[i] for i in range(len(e)))


def pmul8(a, b) -> tuple:
    """PMUL on bytes: the low 8 bits of the carry-less product."""
    out = [ZERO] * 8
    for j in range(8):
        if not b[j]:
            continue
        for i in range(8 - j):
            out[i + j] ^= mul(a[i], b[j])
    return tuple(out)


def add(a, b) -> tuple:
    """Modular addition of two bit-vectors (ripple carry)."""
    out, carry = [], ZERO
    for x, y in zip(a, b):
        out.append(x ^ y ^ carry)
        carry = mul(x, y) ^ mul(carry, x ^ y)
    return tuple(out)


def equal_mask(a, b) -> tuple:
    """All ones where the elements are equal (CMEQ): the product of the bits' agreements."""
    same = ONE
    for x, y in zip(a, b):
        same = mul(same, x ^ y ^ ONE)
    return (same,) * len(a)


def test_mask(a, b) -> tuple:
    """All ones where a AND b is not zero (CMTST)."""
    none = ONE
    for x, y in zip(a, b):
        none = mul(none, mul(x, y) ^ ONE)
    return (none ^ ONE,) * len(a)


def table_lookup(table_bytes: list, index, fallback) -> tuple:
    """TBL/TBX on one byte: table_bytes[index] if the index is below their
    number, else fallback (0 for TBL, the destination's byte for TBX). The
    index bits that are symbolic enter as the multilinear interpolation
    sum_S c_S prod_{k in S} index_k, c_S the XOR of the entries whose index
    bits (among the symbolic ones) lie in S (Moebius transform), which is
    the indicator sum sum_i [index == i] entry_i in normal form."""
    known = {k: (1 if index[k] == ONE else 0) for k in range(8) if index[k] in (ZERO, ONE)}
    free = [k for k in range(8) if k not in known]
    base = sum(bit << k for k, bit in known.items())
    values = []
    for sub in range(1 << len(free)):
        i = base + sum(((sub >> t) & 1) << k for t, k in enumerate(free))
        values.append(list(table_bytes[i] if i < len(table_bytes) else fallback))
    size = len(values)
    step = 1
    while step < size:
        for s in range(size):
            if s & step:
                values[s] = [x ^ y for x, y in zip(values[s], values[s ^ step])]
        step <<= 1
    out = [ZERO] * 8
    for s, coefficient in enumerate(values):
        if not any(coefficient):
            continue
        term = ONE
        for t, k in enumerate(free):
            if s >> t & 1:
                term = mul(term, index[k])
        if not term:
            continue
        out = [o ^ mul(c, term) for o, c in zip(out, coefficient)]
    return tuple(out)


def tbl(tables: list, idx_reg, count: int, dest=None) -> tuple:
    """TBL (dest None) or TBX over the concatenated table registers."""
    table_bytes = [tuple(t[8 * i:8 * i + 8]) for t in tables for i in range(16)]
    zero = vec_const(0, 8)
    out = []
    for e in range(count):
        fallback = zero if dest is None else tuple(dest[8 * e:8 * e + 8])
        out.append(table_lookup(table_bytes, tuple(idx_reg[8 * e:8 * e + 8]), fallback))
    return join(out)


def permute(op: str, a, b, esize: int, count: int) -> tuple:
    """ZIP1/2, UZP1/2, TRN1/2 on count elements of esize bits."""
    x, y = lanes(a, esize, count), lanes(b, esize, count)
    half = count // 2
    if op == "zip1":
        out = [v for p in range(half) for v in (x[p], y[p])]
    elif op == "zip2":
        out = [v for p in range(half) for v in (x[half + p], y[half + p])]
    elif op == "uzp1":
        out = (x + y)[0::2]
    elif op == "uzp2":
        out = (x + y)[1::2]
    elif op == "trn1":
        out = [v for p in range(half) for v in (x[2 * p], y[2 * p])]
    elif op == "trn2":
        out = [v for p in range(half) for v in (x[2 * p + 1], y[2 * p + 1])]
    else:
        raise ValueError(op)
    return join(out)


def ext(a, b, position: int, nbytes: int) -> tuple:
    """EXT: bytes position.. of the concatenation b:a (a the low part)."""
    both = lanes(a, 8, nbytes) + lanes(b, 8, nbytes)
    return join(both[position:position + nbytes])
