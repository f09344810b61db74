"""AES-256 encryption of whole blocks (ECB), for the AES-256 CTR_DRBG of the
NIST KAT generator that the kat and bench programs draw their randomness from
(c_glue/primitives/rng.c):

    void snova_aes256_ecb(uint8_t *out, const uint8_t *in, size_t blocks, const uint8_t key[32])

The key schedule is aes.py's, in registers, with AES-256's two kinds of step:
round key i >= 2 is the running XOR of round key i-2 with, in every column,
SubWord(RotWord(w)) ^ Rcon for even i and SubWord(w) for odd i, w being the last
word of round key i-1 (FIPS 197, 5.2). All 15 round keys stay in registers;
each block is 13 AESE+AESMC pairs, an AESE and an EOR. At the end every vector
register is zeroed, so no key material survives the call in registers, and
none is ever stored.
"""
from __future__ import annotations

from . import aes

ROUND_KEYS = 15
RCON = aes.RCON[:7]
# TBL indices: word 3 (bytes 12..15) into every column, for the odd steps.
WORD3_BROADCAST = bytes([12, 13, 14, 15] * 4)


def expand_key(b, low, high, rot_idx, word_idx):
    zero = b.movi(0)
    keys = [low, high]
    for i in range(2, ROUND_KEYS):
        if i % 2 == 0:
            sub, rcon = aes.sub_word(b, keys[-1], rot_idx, zero), RCON[i // 2 - 1]
        else:
            sub, rcon = aes.sub_word(b, keys[-1], word_idx, zero), None
        keys.append(aes.next_round_key(b, keys[-2], sub, zero, rcon))
    return keys


def describe_ecb(b):
    out, inp, blocks, key_ptr = b.params
    rot_idx, word_idx = b.load_q_pair(b.adr(b.constant("broadcasts", aes.ROTWORD_BROADCAST + WORD3_BROADCAST)))
    rk = expand_key(b, *b.load_q_pair(key_ptr), rot_idx, word_idx)
    done = b.block_label("done")
    b.cbz(blocks, done)
    loop = b.start_block("block", mca_region="aes256_ecb")
    state = b.load_post("q", inp, aes.BLOCK)
    for r in range(ROUND_KEYS - 2):
        b.aes_round(state, rk[r])
    b.aese(state, rk[ROUND_KEYS - 2])
    b.store_post("q", b.eor(state, rk[ROUND_KEYS - 1]), out, aes.BLOCK)
    b.gop_imm("subs", "x", blocks, 1, dst=blocks, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("done")
    for n in range(32):
        b.movi(0, dst=b.pinned_v(n))
    b.ret()
