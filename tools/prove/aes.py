"""AES on bytes of GF(2) polynomials (tools/prove/algebra.py): the Arm ARM's
AESE and AESMC for the bit-precise run, and FIPS-197's key expansion and
cipher for the specifications of the AES kernels.

ShiftRows and MixColumns are exact (a permutation of bytes and a
GF(2)-linear map). SubBytes is an uninterpreted function of each byte
(Variables.applied): equal bytes in normal form give the same fresh
variables, in the kernel's run and in its specification alike, and a
constant byte gives the S-box's value (tests/aes_model.py, which builds it
from its definition). An equality of normal forms under that abstraction
holds for every function substituted, so for the S-box. The state is the
16 bytes of a register in memory order, byte 4c + r at row r of column c."""
from __future__ import annotations

from tools.prove.algebra import Variables, vec_const, vec_value

RCON = (0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36)


def sub_byte(variables: Variables, byte: tuple) -> tuple:
    from tests.aes_model import SBOX
    value = vec_value(byte)
    if value is not None:
        return vec_const(SBOX[value], 8)
    return variables.applied("sbox", tuple(byte), 8)


def xor_bytes(a, b) -> list:
    return [tuple(x ^ y for x, y in zip(p, q)) for p, q in zip(a, b)]


def shift_rows(state: list) -> list:
    return [state[4 * ((c + r) % 4) + r] for c in range(4) for r in range(4)]


def sub_bytes(variables: Variables, state: list) -> list:
    return [sub_byte(variables, b) for b in state]


def _xtime(b: tuple) -> tuple:
    """b times x modulo x^8 + x^4 + x^3 + x + 1."""
    top = b[7]
    return (top, b[0] ^ top, b[1], b[2] ^ top, b[3] ^ top, b[4], b[5], b[6])


def mix_columns(state: list) -> list:
    out = []
    for c in range(4):
        col = state[4 * c:4 * c + 4]
        for r in range(4):
            a, b = col[r], col[(r + 1) % 4]
            out.append(tuple(w ^ x ^ y ^ z ^ v for w, x, y, z, v in
                             zip(_xtime(a), _xtime(b), b, col[(r + 2) % 4], col[(r + 3) % 4])))
    return out


def to_bytes(reg: tuple) -> list:
    return [tuple(reg[8 * i:8 * i + 8]) for i in range(16)]


def to_reg(state: list) -> tuple:
    return tuple(b for byte in state for b in byte)


def aese(variables: Variables, data: tuple, key: tuple) -> tuple:
    """AESE Vd, Vn: SubBytes(ShiftRows(Vd EOR Vn))."""
    return to_reg(sub_bytes(variables, shift_rows(xor_bytes(to_bytes(data), to_bytes(key)))))


def aesmc(data: tuple) -> tuple:
    return to_reg(mix_columns(to_bytes(data)))


# ------------------------------------------------------------ FIPS-197
def expand_key(variables: Variables, key: list) -> list:
    """FIPS-197 5.2: the round keys' bytes of a 16- or 32-byte key."""
    nk = len(key) // 4
    words = [key[4 * i:4 * i + 4] for i in range(nk)]
    for i in range(nk, 4 * (nk + 7)):
        temp = words[i - 1]
        if i % nk == 0:
            temp = [sub_byte(variables, b) for b in temp[1:] + temp[:1]]
            temp = xor_bytes(temp, [vec_const(RCON[i // nk - 1], 8)] + [vec_const(0, 8)] * 3)
        elif nk == 8 and i % nk == 4:
            temp = [sub_byte(variables, b) for b in temp]
        words.append(xor_bytes(words[i - nk], temp))
    return [b for w in words for b in w]


def encrypt(variables: Variables, block: list, round_keys: list) -> list:
    """FIPS-197 5.1: the cipher on one block under the expanded key."""
    rounds = len(round_keys) // 16 - 1
    key = lambda r: round_keys[16 * r:16 * r + 16]
    state = xor_bytes(block, key(0))
    for r in range(1, rounds + 1):
        state = shift_rows(sub_bytes(variables, state))
        if r < rounds:
            state = mix_columns(state)
        state = xor_bytes(state, key(r))
    return state


def counter_block(iv: list, i: int) -> list:
    """SNOVA's CTR block i: bytes 12..15 the big-endian (iv[12..15] + i) mod 2^32."""
    from tools.prove.vector import add
    counter = tuple(b for byte in reversed(iv[12:16]) for b in byte)
    total = add(counter, vec_const(i, 32))
    return iv[:12] + [tuple(total[8 * k:8 * k + 8]) for k in (3, 2, 1, 0)]
