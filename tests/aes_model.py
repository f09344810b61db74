"""Reference models for the AES kernel tests, independent of the generator.

The key schedule is written out from FIPS-197 section 5.2, with the S-box built
from its definition (multiplicative inverse in GF(2^8) followed by the affine
map), so that neither the method the kernel uses nor any table is trusted.
Block encryption comes from the `cryptography` package; the CTR model applies
SNOVA's counter rule (SP 800-38A's incrementing function on the last 32 bits,
wrapping modulo 2^32) itself, because that package's CTR mode carries through
all 128 bits."""
from __future__ import annotations

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes


def _gf_mul(a: int, b: int) -> int:
    """Product in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = (a << 1) ^ (0x11B if a & 0x80 else 0)
        b >>= 1
    return r


def _sbox_entry(x: int) -> int:
    inv = next((y for y in range(1, 256) if _gf_mul(x, y) == 1), 0) if x else 0
    rot = lambda v, n: ((v << n) | (v >> (8 - n))) & 0xFF
    return inv ^ rot(inv, 1) ^ rot(inv, 2) ^ rot(inv, 3) ^ rot(inv, 4) ^ 0x63


SBOX = bytes(_sbox_entry(x) for x in range(256))


def expand_key(key: bytes) -> bytes:
    """The AES key schedule in FIPS-197 order: 44 words (176 bytes) for a 16-byte
    key, 60 words (240 bytes) for a 32-byte one."""
    nk = len(key) // 4
    assert nk in (4, 8) and len(key) == 4 * nk
    words = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nk + 7)):
        temp = list(words[i - 1])
        if i % nk == 0:
            temp = [SBOX[b] for b in temp[1:] + temp[:1]]     # SubWord(RotWord(temp))
            temp[0] ^= rcon
            rcon = _gf_mul(rcon, 2)
        elif nk == 8 and i % nk == 4:
            temp = [SBOX[b] for b in temp]                    # SubWord(temp)
        words.append([a ^ b for a, b in zip(words[i - nk], temp)])
    return bytes(b for w in words for b in w)


def counter_block(iv: bytes, i: int) -> bytes:
    """Block i of SNOVA's CTR mode: bytes 12..15 = big-endian (ctr0 + i) mod 2^32."""
    ctr0 = int.from_bytes(iv[12:16], "big")
    return iv[:12] + ((ctr0 + i) % 2**32).to_bytes(4, "big")


def ctr_keystream(key: bytes, iv: bytes, length: int) -> bytes:
    """Keystream by the 32-bit counter rule, one ECB block per counter block."""
    blocks = (length + 15) // 16
    ecb = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    data = b"".join(counter_block(iv, i) for i in range(blocks))
    return (ecb.update(data) + ecb.finalize())[:length]


def library_ctr(key: bytes, iv: bytes, length: int) -> bytes:
    """The `cryptography` package's CTR keystream (128-bit counter): the same as
    ctr_keystream while ctr0 + blocks stays below 2^32."""
    enc = Cipher(algorithms.AES(key), modes.CTR(iv)).encryptor()
    return enc.update(bytes(length)) + enc.finalize()
