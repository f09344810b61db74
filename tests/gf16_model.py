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


# Row t: t times every element, from gf16_mul; the matrix products below run on
# many thousands of cases and look products up here.
PRODUCTS = [bytes(gf16_mul(a, b) for b in range(16)) for a in range(16)]


def mat_mul(a: bytes, b: bytes, rank: int) -> bytes:
    return mat_prod(a, b, rank, rank, rank)


def transpose(a: bytes, rank: int) -> bytes:
    """The transpose of an l×l matrix: element (i, j) is a's (j, i)."""
    return bytes(a[j * rank + i] for i in range(rank) for j in range(rank))


def mat_prod(a: bytes, b: bytes, p: int, q: int, s: int) -> bytes:
    """A·B for A p×q and B q×s (row-major), the p×s result: row i of C is the sum
    over k of A[i][k] times row k of B."""
    out = bytearray(p * s)
    for i in range(p):
        row = [0] * s
        for k in range(q):
            times = PRODUCTS[a[i * q + k]]
            for j, bkj in enumerate(b[k * s:(k + 1) * s]):
                row[j] ^= times[bkj]
        out[i * s:(i + 1) * s] = bytes(row)
    return bytes(out)


def linsys_pair(lx: bytes, bm: bytes, am: bytes, rx: bytes, l: int, r: int, count: int) -> bytes:
    """SNOVA Round 3's signing-system block, (l·r)×(l·r): coef[ra·l+rb][ve·r+vf] =
    Σ_{a<count} lx_a[ra][ve]·B_a[vf][rb] + A_a[ra][vf]·rx_a[ve][rb], with lx_a and
    B_a r×l, A_a r×r, rx_a l×l, each input `count` consecutive matrices."""
    n = l * r
    out = bytearray(n * n)
    for a in range(count):
        lxa, ba = lx[a * r * l:(a + 1) * r * l], bm[a * r * l:(a + 1) * r * l]
        aa, rxa = am[a * r * r:(a + 1) * r * r], rx[a * l * l:(a + 1) * l * l]
        for ra in range(r):
            for rb in range(l):
                row = (ra * l + rb) * n
                for ve in range(l):
                    times_lx, times_rx = PRODUCTS[lxa[ra * l + ve]], PRODUCTS[rxa[ve * l + rb]]
                    for vf in range(r):
                        out[row + ve * r + vf] ^= times_lx[ba[vf * l + rb]] ^ times_rx[aa[ra * r + vf]]
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
                            PRODUCTS[m(lx, ra, ve)][m(bm, vf, rb)] ^ PRODUCTS[m(am, ra, vf)][m(rx, ve, rb)])
    return bytes(out)


def gf16_inv(a: int) -> int:
    """The inverse of a nonzero element, by search over the field."""
    return next(x for x in range(1, 16) if gf16_mul(a, x) == 1)


_PRODUCTS = None


def solve(rows):
    """Solves A x = b over GF(16): rows are the n augmented rows [A_i0 .. A_i,n-1, b_i].
    Textbook Gaussian elimination with row exchanges (not constant time, and
    nothing like the kernel's masked pivoting); returns x as a list, or None when
    A is singular. Products come from a table of gf16_mul, for speed."""
    global _PRODUCTS
    if _PRODUCTS is None:
        _PRODUCTS = [[gf16_mul(a, b) for b in range(16)] for a in range(16)]
    n = len(rows)
    m = [list(r[:n + 1]) for r in rows]
    for c in range(n):
        p = next((r for r in range(c, n) if m[r][c]), None)
        if p is None:
            return None
        m[c], m[p] = m[p], m[c]
        times_inv = _PRODUCTS[gf16_inv(m[c][c])]
        m[c] = [times_inv[v] for v in m[c]]
        pivot_row = m[c]
        for r in range(n):
            if r != c and m[r][c]:
                times_f = _PRODUCTS[m[r][c]]
                m[r] = [v ^ times_f[w] for v, w in zip(m[r], pivot_row)]
    return [m[i][n] for i in range(n)]


def mat_vec(a, x):
    """A x for A a list of rows (of at least len(x) elements) and x a list."""
    out = []
    for row in a:
        acc = 0
        for aij, xj in zip(row, x):
            acc ^= gf16_mul(aij, xj)
        out.append(acc)
    return out
