"""AES-128 for SNOVA's public-key expansion: key schedule, CTR keystream and the
PRNG that combines them (key = public seed, IV = 0).

Counter blocks follow SP 800-38A's standard incrementing function on the last
32 bits, which is SNOVA's (and liboqs') convention: block i is the IV with bytes
12..15 replaced by the big-endian value ctr0 + i mod 2^32, ctr0 being the
big-endian value of IV bytes 12..15; nothing ever carries into byte 11.

Counters. `cr = REV32(iv)` holds every 32-bit word of the IV as a number, so
lane 3 is the counter and `ADD cr.4s` steps it modulo 2^32 without touching
lanes 0-2; REV32 turns it back into a counter block. An N-way loop keeps one
counter per stream (stream j starts at ctr0 + j and steps by N), so a block
costs one ADD and one REV32, both vector ops; no general register, no INS.

The N-way loop encrypts N counter blocks per iteration with all 11 round keys
in registers: rounds 1-9 as AESE+AESMC pairs (kept adjacent by the scheduler,
so that cores which fuse the pair can), round 10 as AESE followed by an EOR
with the last round key. The description writes the streams round by round
(round r of every stream, then round r+1): a stream's next AESE never waits
for its own previous AESMC when N is large enough, and the list scheduler
places the counter updates and stores in the gaps for the chosen core. The
counter blocks for the next iteration are made at the end of the current one,
so an iteration starts with its first AESE.

Then a one-block loop takes the remaining whole blocks (N > 1), and a final
partial block of len % 16 bytes is computed in full and stored 8, 4, 2, 1 bytes
at a time (TBZ on the bits of len, rotating the block with EXT), so nothing is
written past out + len and nothing is read past the inputs.

Key schedule without tables: the new word's SubWord(RotWord(w3)) comes from
one TBL that broadcasts RotWord(w3) to all four columns, then AESE with an
all-zero round key: AddRoundKey does nothing, ShiftRows only moves bytes
between columns, which are all equal, and SubBytes is the S-box applied
to every byte, in constant time. Rcon goes into byte 0 of every word by an
EOR with MOVI .4s, and the running XOR w0, w0^w1, w0^w1^w2, w0^..^w3 of the
previous round key by two EXT+EOR steps, off the critical path.

The PRNG expands the key into registers and never stores a round key: at the
end it zeroes every vector register (v8-v15 included, whose low halves the
epilogue then restores for the caller), so no key material survives the call
in registers or memory.
"""
from __future__ import annotations

RCON = (0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36)
WAYS = (1, 2, 4, 8)
DEFAULT_WAYS = 4
ROUND_KEYS = 11
BLOCK = 16

# TBL indices: RotWord of word 3 (bytes 13, 14, 15, 12) into every column.
ROTWORD_BROADCAST = bytes([13, 14, 15, 12] * 4)


def lane3(value: int) -> bytes:
    """A vector constant with `value` in 32-bit lane 3 and zero elsewhere."""
    return bytes(12) + value.to_bytes(4, "little")


def sub_word(b, last, index, zero):
    """SubWord of a word of the round key `last`, broadcast to every column by the
    TBL `index` (RotWord too, with ROTWORD_BROADCAST): AESE with a zero key, whose
    ShiftRows only permutes equal columns."""
    sub = b.tbl(last, index)
    b.aese(sub, zero)
    return sub


def next_round_key(b, prev, sub, zero, rcon=None):
    """The running XOR of prev's words, each XORed with `sub` (and Rcon)."""
    run = b.eor(prev, b.ext(zero, prev, 12))      # w0, w0^w1, w1^w2, w2^w3
    run = b.eor(run, b.ext(zero, run, 8))         # w0, w0^w1, w0^w1^w2, w0^..^w3
    if rcon is not None:
        run = b.eor(run, b.movi(rcon, "4s"))
    return b.eor(run, sub)


def expand_key(b, key, rot_idx):
    """The 11 round keys of AES-128 (FIPS-197 byte order) as vector registers."""
    zero = b.movi(0)
    keys = [key]
    for rcon in RCON:
        keys.append(next_round_key(b, keys[-1], sub_word(b, keys[-1], rot_idx, zero), zero, rcon))
    return keys


def describe_key_expand(b):
    key_ptr, rk_ptr = b.params
    rot_idx = b.load("q", b.adr(b.constant("rotword", ROTWORD_BROADCAST)))
    keys = expand_key(b, b.load("q", key_ptr), rot_idx)
    for i in range(0, ROUND_KEYS - 1, 2):
        b.store_pair("q", keys[i], keys[i + 1], rk_ptr, BLOCK * i)
    b.store("q", keys[ROUND_KEYS - 1], rk_ptr, BLOCK * (ROUND_KEYS - 1))
    b.ret()


def encrypt_rounds(b, state, rk):
    """Rounds 1-10 on `state` in place, except the last AddRoundKey."""
    for r in range(9):
        b.aes_round(state, rk[r])
    b.aese(state, rk[9])


def store_blocks(b, blocks, out):
    """Stores consecutive blocks at out and advances out past them: out moves
    first, and the blocks go below it with STUR. (llvm-mca's Neoverse-N1 model
    sends the data of a Q-register STR or STP with a positive offset or
    writeback to a vector pipe, which the AES instructions keep busy, and that
    of a STUR to an integer pipe.)"""
    n = len(blocks)
    assert BLOCK * n <= 256, "STUR reaches 256 bytes below its base"
    b.gop_imm("add", "x", out, BLOCK * n, dst=out)
    for k, block in enumerate(blocks):
        b.store_unscaled("q", block, out, BLOCK * (k - n))


def describe_ctr(b, ways, rk, cr, one, step, out, length):
    """The keystream loops, from round keys `rk` and the first counter `cr`
    (REV32 form) on: everything but the set-up of those."""
    log_ways = ways.bit_length() - 1
    counters = [cr]
    for _ in range(1, ways):
        counters.append(b.vadd(counters[-1], one))
    states = [b.rev32(c) for c in counters]
    # With 8 streams the outputs share the state registers (11 keys, 8 counters,
    # 8 states and 2 steps leave no room for 8 more); fewer streams get their own.
    in_place = 3 * ways + ROUND_KEYS + 2 > 32

    after_main = b.block_label("tail" if ways > 1 else "partial")
    iterations = b.gop_imm("lsr", "x", length, 4 + log_ways)
    b.cbz(iterations, after_main)
    loop = b.start_block("loop", mca_region=f"aes128_ctr_{ways}way")
    for r in range(9):
        for s in states:
            b.aes_round(s, rk[r])
    for s in states:
        b.aese(s, rk[9])
    blocks = [b.eor(s, rk[10], dst=s if in_place else None) for s in states]
    store_blocks(b, blocks, out)
    for c, s in zip(counters, states):
        b.vadd(c, step, dst=c)
        b.rev32(c, dst=s)
    b.gop_imm("subs", "x", iterations, 1, dst=iterations, sets_flags=True)
    b.b_cond("ne", loop)

    partial = b.block_label("partial")
    if ways > 1:
        b.start_block("tail")
        left = b.ubfx(length, 4, log_ways)
        b.cbz(left, partial)
        single = b.start_block("single")
        state = states[0]
        encrypt_rounds(b, state, rk)
        b.store_post("q", b.eor(state, rk[10]), out, BLOCK)
        b.vadd(counters[0], one, dst=counters[0])
        b.rev32(counters[0], dst=state)
        b.gop_imm("subs", "x", left, 1, dst=left, sets_flags=True)
        b.b_cond("ne", single)

    done = b.block_label("done")
    b.start_block("partial")
    b.tst_imm(length, BLOCK - 1)
    b.b_cond("eq", done)
    b.start_block("last")
    state = states[0]
    encrypt_rounds(b, state, rk)
    last = b.eor(state, rk[10])
    for bit, view in ((3, "d"), (2, "s"), (1, "h"), (0, "b")):
        skip = b.block_label(f"skip{1 << bit}") if bit else done
        b.tbz(length, bit, skip)
        b.start_block(f"store{1 << bit}")
        if bit:
            b.store_post(view, last, out, 1 << bit)
            b.ext(last, last, 1 << bit, dst=last)
            b.start_block(f"skip{1 << bit}")
        else:
            b.store(view, last, out)
    b.start_block("done")


def counter_constants(ways):
    """[0,0,0,1] then [0,0,0,ways]: the one-block step and the N-way step."""
    return lane3(1) + lane3(ways)


def describe_ctr_keystream(b, ways=DEFAULT_WAYS):
    out, length, iv_ptr, rk_ptr = b.params
    one, step = b.load_q_pair(b.adr(b.constant("steps", counter_constants(ways))))
    rk = []
    for i in range(0, ROUND_KEYS - 1, 2):
        rk.extend(b.load_q_pair(rk_ptr, BLOCK * i))
    rk.append(b.load("q", rk_ptr, BLOCK * (ROUND_KEYS - 1)))
    cr = b.rev32(b.load("q", iv_ptr))
    describe_ctr(b, ways, rk, cr, one, step, out, length)
    b.ret()


def describe_ctr_prng(b, ways=DEFAULT_WAYS):
    out, length, key_ptr = b.params
    consts = b.adr(b.constant("consts", ROTWORD_BROADCAST + counter_constants(ways)))
    rot_idx = b.load("q", consts)
    one, step = b.load_q_pair(consts, BLOCK)
    rk = expand_key(b, b.load("q", key_ptr), rot_idx)
    describe_ctr(b, ways, rk, b.movi(0), one, step, out, length)
    # Wipe: no round key (nor any keystream byte past len) stays in a register.
    for n in range(32):
        b.movi(0, dst=b.pinned_v(n))
    b.ret()
