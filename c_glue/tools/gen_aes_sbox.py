"""Derives the linear maps of the bit-sliced AES S-box in c_glue/primitives/aes_ct.c.

The S-box inverts in GF(2^8) = GF(2)[x]/(x^8+x^4+x^3+x+1) through the isomorphic
composite field GF(16)[y]/(y^2 + y + lam), GF(16) = GF(2)[z]/(z^4+z+1):
    (h y + l)^-1 = (h y + h + l) / d,   d = lam h^2 + h l + l^2  (in GF(16)).
This script finds lam and a root g of the AES polynomial in the composite field,
builds the basis change x^i -> g^i (and its inverse merged with the affine map of
SubBytes), and prints them as C statements (XOR of input planes).

Run: python3 c_glue/tools/gen_aes_sbox.py
"""


def gf16_mul(a, b):
    r = 0
    for i in range(4):
        if (b >> i) & 1:
            r ^= a
        a <<= 1
        if a & 0x10:
            a ^= 0x13
    return r


def find_lambda():
    squares_plus = {gf16_mul(t, t) ^ t for t in range(16)}
    return min(v for v in range(1, 16) if v not in squares_plus)


LAM = find_lambda()


def cmul(u, v):
    """Product in GF(16)[y]/(y^2+y+LAM); elements are (h << 4) | l."""
    h1, l1, h2, l2 = u >> 4, u & 15, v >> 4, v & 15
    hh = gf16_mul(h1, h2)
    h = hh ^ gf16_mul(h1, l2) ^ gf16_mul(l1, h2)
    l = gf16_mul(hh, LAM) ^ gf16_mul(l1, l2)
    return (h << 4) | l


def cpow(u, e):
    r = 1
    for _ in range(e):
        r = cmul(r, u)
    return r


def aes_poly_at(g):
    # g^8 + g^4 + g^3 + g + 1
    r = 0
    for e in (8, 4, 3, 1, 0):
        r ^= cpow(g, e)
    return r


def find_root():
    for g in range(2, 256):
        if aes_poly_at(g) == 0:
            return g
    raise ValueError("no root")


G = find_root()
# columns: image of x^i
PHI = [cpow(G, i) for i in range(8)]


def apply(cols, v):
    r = 0
    for i in range(8):
        if (v >> i) & 1:
            r ^= cols[i]
    return r


def invert(cols):
    inv = {}
    for v in range(256):
        inv[apply(cols, v)] = v
    return [inv[1 << i] for i in range(8)]


PHI_INV = invert(PHI)


def affine(b):
    r = 0
    for i in range(8):
        bit = 0
        for k in (0, 4, 5, 6, 7):
            bit ^= (b >> ((i + k) % 8)) & 1
        r |= bit << i
    return r


# output map: affine(PHI_INV(t)) without the constant 0x63
OUT = [affine(PHI_INV[i]) for i in range(8)]


def rows(cols):
    """For each output bit, the list of input bits that are XORed into it."""
    return [[i for i in range(8) if (cols[i] >> o) & 1] for o in range(8)]


def emit(name, src, dst, cols):
    for o, ins in enumerate(rows(cols)):
        print(f"    {dst}[{o}] = " + " ^ ".join(f"{src}[{i}]" for i in ins) + ";")


def check():
    # the composite-field S-box must equal the real one
    def gf256_mul(a, b):
        r = 0
        for _ in range(8):
            if b & 1:
                r ^= a
            b >>= 1
            a <<= 1
            if a & 0x100:
                a ^= 0x11B
        return r

    def inv256(a):
        return 0 if a == 0 else next(b for b in range(1, 256) if gf256_mul(a, b) == 1)

    def inv_c(u):
        h, l = u >> 4, u & 15
        d = gf16_mul(LAM, gf16_mul(h, h)) ^ gf16_mul(h, l) ^ gf16_mul(l, l)
        di = 0 if d == 0 else next(b for b in range(1, 16) if gf16_mul(d, b) == 1)
        return (gf16_mul(h, di) << 4) | gf16_mul(h ^ l, di)

    for x in range(256):
        assert apply(OUT, inv_c(apply(PHI, x))) ^ 0x63 == affine(inv256(x)) ^ 0x63


if __name__ == "__main__":
    check()
    print(f"/* lambda = {LAM}, g = 0x{G:02x} */")
    print("/* input basis change */")
    emit("in", "q", "t", PHI)
    print("/* output basis change merged with the affine map (constant 0x63 apart) */")
    emit("out", "u", "q", OUT)
    print("/* lambda times a square: r = lam * a^2 */")
    sq_lam = []
    for i in range(4):
        a = 1 << i
        sq_lam.append(gf16_mul(LAM, gf16_mul(a, a)))
    for o in range(4):
        ins = [i for i in range(4) if (sq_lam[i] >> o) & 1]
        print(f"    r[{o}] = " + " ^ ".join(f"a[{i}]" for i in ins) + ";")
