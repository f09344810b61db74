"""Independent Python model of Keccak-f[1600] and SHAKE, written from FIPS 202
(sections 3.2 and 3.3, algorithms 1-7, and 6.2): the rho offsets come from
algorithm 2's walk over the lanes and the round constants from algorithm 5's
LFSR, so no table is shared with the generator or the C core. The model's
sponge is checked against hashlib by the tests."""
from __future__ import annotations

import struct

MASK = (1 << 64) - 1
LANES = 25
ROUNDS = 24


def _rol(v: int, n: int) -> int:
    n %= 64
    return ((v << n) | (v >> (64 - n))) & MASK if n else v


def _rho_offsets() -> list:
    """FIPS 202 algorithm 2: offset of lane (x, y) at index x + 5y."""
    offsets = [0] * LANES
    x, y = 1, 0
    for t in range(24):
        offsets[x + 5 * y] = (t + 1) * (t + 2) // 2 % 64
        x, y = y, (2 * x + 3 * y) % 5
    return offsets


def _rc_bit(t: int) -> int:
    """FIPS 202 algorithm 5: the LFSR x^8 + x^6 + x^5 + x^4 + 1."""
    if t % 255 == 0:
        return 1
    r = [1, 0, 0, 0, 0, 0, 0, 0]
    for _ in range(t % 255):
        r = [0] + r
        for i in (0, 4, 5, 6):
            r[i] ^= r[8]
        r = r[:8]
    return r[0]


def _round_constants() -> list:
    """FIPS 202 algorithm 6: bit 2^j - 1 of RC_ir is rc(j + 7 ir)."""
    return [sum(_rc_bit(j + 7 * ir) << ((1 << j) - 1) for j in range(7)) for ir in range(ROUNDS)]


RHO = _rho_offsets()
RC = _round_constants()


def keccak_round(a: list, rc: int) -> list:
    """One round Rnd(A, ir) = iota(chi(pi(rho(theta(A))))), lanes at x + 5y."""
    c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20] for x in range(5)]
    d = [c[(x - 1) % 5] ^ _rol(c[(x + 1) % 5], 1) for x in range(5)]
    a = [a[i] ^ d[i % 5] for i in range(LANES)]
    b = [0] * LANES
    for x in range(5):
        for y in range(5):
            # pi: A'[x][y] = A[(x + 3y) mod 5][x], i.e. lane (x, y) moves to (y, 2x + 3y)
            b[y + 5 * ((2 * x + 3 * y) % 5)] = _rol(a[x + 5 * y], RHO[x + 5 * y])
    out = [b[i] ^ (~b[(i % 5 + 1) % 5 + 5 * (i // 5)] & b[(i % 5 + 2) % 5 + 5 * (i // 5)]) for i in range(LANES)]
    out[0] ^= rc
    return out


def keccak_f1600(lanes) -> list:
    """Keccak-f[1600] of 25 lanes (integers), FIPS 202 order."""
    a = list(lanes)
    for rc in RC:
        a = keccak_round(a, rc)
    return a


def state_bytes(lanes) -> bytes:
    return struct.pack("<25Q", *lanes)


def state_lanes(data: bytes) -> list:
    return list(struct.unpack("<25Q", data))


def permute_bytes(data: bytes) -> bytes:
    """200 state bytes, little-endian lanes, through the permutation."""
    return state_bytes(keccak_f1600(state_lanes(data)))


def shake(rate: int, data: bytes, outlen: int) -> bytes:
    """SHAKE with `rate` bytes per block (168: SHAKE128, 136: SHAKE256) on the
    model permutation: suffix 1111, pad10*1."""
    padded = bytearray(data + b"\x1f" + bytes(-(len(data) + 1) % rate))
    padded[-1] |= 0x80
    state = bytes(200)
    for i in range(0, len(padded), rate):
        block = padded[i:i + rate] + bytes(200 - rate)
        state = permute_bytes(bytes(x ^ y for x, y in zip(state, block)))
    out = b""
    while True:
        out += state[:rate]
        if len(out) >= outlen:
            return out[:outlen]
        state = permute_bytes(state)
