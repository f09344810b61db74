"""Independent Python model of GF(16) = GF(2)[x]/(x^4+x+1) and its l×l matrices,
written from the field's definition (shift-and-add multiplication), sharing
nothing with the generator."""
from __future__ import annotations


def gf16_mul(a: int, b: int) -> int:
    product = 0
    for bit in range(4):
        if b >> bit & 1:
            product ^= a << bit
    for bit in (6, 5, 4):                 # reduce by x^4 + x + 1 (0b10011)
        if product >> bit & 1:
            product ^= 0b10011 << (bit - 4)
    return product


def mat_add(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b))


def mat_mul(a: bytes, b: bytes, rank: int) -> bytes:
    out = bytearray(rank * rank)
    for i in range(rank):
        for j in range(rank):
            acc = 0
            for k in range(rank):
                acc ^= gf16_mul(a[i * rank + k], b[k * rank + j])
            out[i * rank + j] = acc
    return bytes(out)


def linsys_coeffs(lx: bytes, bm: bytes, am: bytes, rx: bytes, rank: int) -> bytes:
    """The signing system's coefficient block: each input holds rank² matrices
    of rank² bytes; coef[r][v] = Σ_a lx_a[ra][ve]·B_a[vf][rb] + A_a[ra][vf]·rx_a[ve][rb]."""
    lsq = rank * rank
    out = bytearray(lsq * lsq)
    for a in range(lsq):
        m = lambda data, i, j: data[a * lsq + i * rank + j]
        for ra in range(rank):
            for rb in range(rank):
                for ve in range(rank):
                    for vf in range(rank):
                        out[(ra * rank + rb) * lsq + ve * rank + vf] ^= (
                            gf16_mul(m(lx, ra, ve), m(bm, vf, rb)) ^ gf16_mul(m(am, ra, vf), m(rx, ve, rb)))
    return bytes(out)
