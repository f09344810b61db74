"""Keccak-f[1600] (FIPS 202), the permutation under SHAKE: its constants and the
round every form shares. The forms: keccak_gpr.py (one state on general
registers), keccak_simd.py (two states in vector registers, one per 64-bit lane;
with FEAT_SHA3 one or two states), keccak_mixed.py (both kinds side by side:
three or four states).

The state is 25 little-endian 64-bit lanes, lane (x, y) at index x + 5y. A round
is theta (column parities C, D[x] = C[x-1] ^ rol(C[x+1], 1), every lane ^= D of
its column), rho (lane (x, y) rotated left by RHO[x + 5y]), pi (lane (x, y) moves
to (y, 2x + 3y): a renaming here, never a move), chi (within each row,
a[x] ^= ~a[x+1] & a[x+2]) and iota (lane 0 ^= the round's constant). Every form
is fully unrolled over the 24 rounds: a form describes its operations (an `ops`
object, below) and `describe_rounds` strings them together in an order that
keeps the register file large enough.

Register pressure, the constraint of the general-register form (29 registers
for 25 lanes): theta makes column 4's parity first and lets two of its lanes
wait on the stack, then makes the other four parities side by side, then the
D's in THETA_D_ORDER, each written over a parity no longer read (but D[1], the
first) and applied at once; the two lanes come back for D[4]. Chi goes row by
row in place, CHI_ORDER keeping four temporaries at most.
"""
from __future__ import annotations

# Round constants RC[i] of iota (FIPS 202 algorithm 6 for ir = 0..23).
ROUND_CONSTANTS = (
    0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
    0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
    0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
)
# rho offsets (rotation left) of lane x + 5y (FIPS 202 table 2).
RHO = (0, 1, 62, 28, 27,
       36, 44, 6, 55, 20,
       3, 10, 43, 25, 39,
       41, 45, 15, 21, 8,
       18, 2, 61, 56, 14)
LANES = 25
LANE_BYTES = 8
STATE_BYTES = LANE_BYTES * LANES
ROUNDS = len(ROUND_CONSTANTS)
MASK64 = (1 << 64) - 1

# The D's in this order; D[x] may be written over C[x-1] once D[x-2], C[x-1]'s
# other reader, is made. The SPILLED lanes (column 4) wait on the stack from
# after column 4's parity until D[4].
THETA_D_ORDER = (1, 3, 0, 2, 4)
SPILLED = (4, 9)
SPILLED_COLUMN = 4
# Chi's order in a row: "t<x>" makes t[x] = a[x+2] & ~a[x+1], "a<x>" writes
# a[x] ^= t[x] over a[x]; no a[x] is overwritten while a t still to be made reads
# it, and four t's at most are live.
CHI_ORDER = ("t0", "t1", "t3", "t4", "a0", "t2", "a1", "a3", "a4", "a2")


def pi_target(i: int) -> int:
    """Index the lane at index i moves to: (x, y) -> (y, 2x + 3y)."""
    x, y = i % 5, i // 5
    return y + 5 * ((2 * x + 3 * y) % 5)


def rol64(value: int, n: int) -> int:
    n %= 64
    return (value << n | value >> (64 - n)) & MASK64


def lane_table(values) -> bytes:
    """64-bit values as little-endian bytes (a constant pool)."""
    return b"".join(v.to_bytes(LANE_BYTES, "little") for v in values)


def theta(ops, lanes):
    """lanes[i] ^= D[i % 5] (lanes: one value per lane, updated in place)."""
    c = {SPILLED_COLUMN: ops.parity(lanes, SPILLED_COLUMN)}
    ops.spill(lanes, SPILLED)
    for x in range(5):
        if x not in c:
            c[x] = ops.parity(lanes, x)
    done = set()
    for x in THETA_D_ORDER:
        d = ops.make_d(c[(x - 1) % 5], c[(x + 1) % 5], over_prev=(x - 2) % 5 in done)
        done.add(x)
        if x == SPILLED_COLUMN:
            ops.reload(lanes, SPILLED)
        for y in range(5):
            lanes[x + 5 * y] = ops.apply(lanes[x + 5 * y], d)


def rho_pi(ops, lanes) -> list:
    """The lanes after rho and pi, by target index."""
    out = [None] * LANES
    for i, v in enumerate(lanes):
        out[pi_target(i)] = ops.rotate(v, RHO[i], pi_target(i))
    return out


def chi_row(ops, row) -> list:
    """a[x] ^= ~a[x+1] & a[x+2] over the five values of a row, in place."""
    t = {}
    for step in CHI_ORDER:
        x = int(step[1])
        if step[0] == "t":
            t[x] = ops.and_not(row[(x + 2) % 5], row[(x + 1) % 5])
        else:
            row[x] = ops.xor_into(row[x], t[x])
    return row


def keccak_round(ops, lanes, rnd) -> list:
    """Round `rnd` on the lanes; returns the new ones."""
    theta(ops, lanes)
    after = rho_pi(ops, lanes)
    lanes = [v for y in range(5) for v in chi_row(ops, after[5 * y:5 * y + 5])]
    lanes[0] = ops.iota(lanes[0], rnd)
    return lanes


def describe_rounds(b, forms):
    """The 24 rounds of every form in `forms` (its ops object; each loads and
    stores its own states of s, the kernel's one parameter), round by round side
    by side, the list scheduler interleaving them. The state pointer waits on the
    stack meanwhile: the general-register form needs every register."""
    (state,) = b.params
    lanes = [ops.load_state(state) for ops in forms]
    slot = b.stack_slot()
    b.spill(state, slot)
    for rnd in range(ROUNDS):
        lanes = [ops.round(form_lanes, rnd) for ops, form_lanes in zip(forms, lanes)]
    state = b.reload(slot)
    for ops, form_lanes in zip(forms, lanes):
        ops.store_state(state, form_lanes)
    b.ret()
