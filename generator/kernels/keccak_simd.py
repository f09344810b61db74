"""Keccak-f[1600] in vector registers, one lane of the state per register:
  snova_keccakf1600_x2(uint64_t s[50])       two states, s[0..24] and s[25..49],
                                             one per 64-bit lane (Advanced SIMD);
  snova_keccakf1600_sha3(uint64_t s[25])     one state, low 64 bits (FEAT_SHA3);
  snova_keccakf1600_x2_sha3(uint64_t s[50])  two states (FEAT_SHA3).

The mixed forms (keccak_mixed.py) run _x2's two states beside general-register
ones, which leave no general register for a vector pointer: the vector forms
take their round constants PC-relative.

Advanced SIMD has no rotate: rol(v, r) is SHL into a new register then SRI of v
(two instructions; rol by 1 for D starts with ADD v, v, which more cores issue
on either vector pipe than SHL). FEAT_SHA3 has one instruction per step: EOR3
(two make a column parity), RAX1 (D[x] = C[x-1] ^ rol(C[x+1], 1)), XAR (theta's
xor and rho's rotation of a lane at once: ror(a ^ d, 64 - r)) and BCAX (chi's
a ^ (far & ~mid)); the two-state form costs exactly what the one-state form
does (every instruction works on both 64-bit lanes).

Two states in memory are 25 lanes then 25 lanes; in registers lane i of both
sits in one register, the first state's in d[0]: LDP Q of four lanes of each
state and ZIP1/ZIP2 on .2d make the pairs (the store undoes it the same way).
32 registers hold the 25 lanes, the parities and a temporary or two, so no
lane goes to the stack; d8-d15 are saved by the frame.
"""
from __future__ import annotations

from .keccak import (LANE_BYTES, LANES, RHO, ROUND_CONSTANTS, STATE_BYTES, THETA_D_ORDER, describe_rounds,
                     keccak_round, lane_table, pi_target)


class TwoStates:
    """Two states at s + offset bytes: lane i of both in one register."""

    def __init__(self, offset=0):
        self.offset = offset

    def pointers(self, b, ptr):
        first = b.gop_imm("add", "x", ptr, self.offset) if self.offset else ptr
        return first, b.gop_imm("add", "x", ptr, self.offset + STATE_BYTES)

    def load(self, b, ptr):
        first, second = self.pointers(b, ptr)
        lanes = []
        for i in range(0, LANES - 1, 4):
            firsts, seconds = b.load_pair("q", first, LANE_BYTES * i), b.load_pair("q", second, LANE_BYTES * i)
            for f, s in zip(firsts, seconds):     # (A_i, A_i+1) and (B_i, B_i+1)
                lanes += [b.permute("zip1", f, s, "2d"), b.permute("zip2", f, s, "2d")]
        last = LANE_BYTES * (LANES - 1)
        lanes.append(b.permute("zip1", b.load("d", first, last), b.load("d", second, last), "2d"))
        return lanes

    def store(self, b, ptr, lanes):
        first, second = self.pointers(b, ptr)
        for i in range(0, LANES - 1, 4):
            pairs = [(b.permute("zip1", lanes[k], lanes[k + 1], "2d"), b.permute("zip2", lanes[k], lanes[k + 1], "2d"))
                     for k in (i, i + 2)]
            b.store_pair("q", pairs[0][0], pairs[1][0], first, LANE_BYTES * i)
            b.store_pair("q", pairs[0][1], pairs[1][1], second, LANE_BYTES * i)
        last = LANE_BYTES * (LANES - 1)
        b.store("d", lanes[-1], first, last)
        b.store("d", b.ext(lanes[-1], lanes[-1], LANE_BYTES), second, last)


class OneState:
    """s[0..24]: lane i in the low 64 bits of register i (the high ones zero)."""

    def load(self, b, ptr):
        lanes = []
        for i in range(0, LANES - 1, 2):
            lanes += b.load_pair("d", ptr, LANE_BYTES * i)
        lanes.append(b.load("d", ptr, LANE_BYTES * (LANES - 1)))
        return lanes

    def store(self, b, ptr, lanes):
        for i in range(0, LANES - 1, 2):
            b.store_pair("d", lanes[i], lanes[i + 1], ptr, LANE_BYTES * i)
        b.store("d", lanes[-1], ptr, LANE_BYTES * (LANES - 1))


class VectorState:
    """Loading, storing and iota, common to every vector form. Each round's
    constant is a PC-relative LDR Q from a table after the function (twice per
    entry, for both lanes): no general register holds a pointer, so the mixed
    form's general-register state has all it needs."""

    def __init__(self, b, layout):
        self.b, self.layout = b, layout
        self.rc = b.constant("rc_pairs", lane_table(rc for rc in ROUND_CONSTANTS for _ in range(2)))

    def load_state(self, ptr):
        return self.layout.load(self.b, ptr)

    def store_state(self, ptr, lanes):
        self.layout.store(self.b, ptr, lanes)

    def iota(self, lane, rnd):
        return self.b.eor(lane, self.b.load_literal("q", f"{self.rc}+{2 * LANE_BYTES * rnd}"), dst=lane)


class NeonOps(VectorState):
    """The operations of keccak.keccak_round in Advanced SIMD (no lane waits on
    the stack: spill and reload do nothing)."""
    round = keccak_round

    def spill(self, lanes, indices):
        pass

    reload = spill

    def rol(self, v, r):
        b = self.b
        t = b.vadd(v, v, "2d") if r == 1 else b.shift("shl", v, r, "2d")
        return b.shift_insert("sri", t, v, 64 - r)

    def parity(self, lanes, x):
        acc = self.b.eor(lanes[x], lanes[x + 5])
        for y in (2, 3, 4):
            self.b.eor(acc, lanes[x + 5 * y], dst=acc)
        return acc

    def make_d(self, prev, nxt, over_prev):
        return self.b.eor(prev, self.rol(nxt, 1), dst=prev if over_prev else None)

    def apply(self, lane, d):
        return self.b.eor(lane, d, dst=lane)

    def rotate(self, v, rho, target):
        return self.rol(v, rho) if rho else v

    def and_not(self, far, mid):
        return self.b.vop("bic", "16b", far, mid, "vec_logic")

    def xor_into(self, a, t):
        return self.b.eor(a, t, dst=a)


class Sha3Ops(VectorState):
    """A whole round with the FEAT_SHA3 instructions."""

    def round(self, lanes, rnd):
        b = self.b
        c = {}
        for x in range(5):
            # rows 4, 3, 2 first: chi makes them first (below)
            c[x] = b.sha3("eor3", lanes[x + 20], lanes[x + 15], lanes[x + 10])
            b.sha3("eor3", c[x], lanes[x + 5], lanes[x], dst=c[x])
        after, done = [None] * LANES, set()
        for x in THETA_D_ORDER:
            prev, nxt = c[(x - 1) % 5], c[(x + 1) % 5]
            d = b.sha3("rax1", prev, nxt, dst=prev if (x - 2) % 5 in done else None)
            done.add(x)
            for i in range(x, LANES, 5):
                # rol(a ^ d, r) = ror(a ^ d, 64 - r); lane 0 has r = 0
                after[pi_target(i)] = (b.sha3("xar", lanes[i], d, imm=(64 - RHO[i]) % 64) if RHO[i]
                                       else b.eor(lanes[i], d))
        out = [None] * LANES
        for y in (4, 3, 2, 1, 0):     # the order that hides latency best on apple-a15 (llvm-mca)
            row = after[5 * y:5 * y + 5]
            out[5 * y:5 * y + 5] = [b.sha3("bcax", row[x], row[(x + 2) % 5], row[(x + 1) % 5]) for x in range(5)]
        out[0] = self.iota(out[0], rnd)
        return out


def describe_neon(b):
    describe_rounds(b, [NeonOps(b, TwoStates())])


def describe_sha3_one(b):
    describe_rounds(b, [Sha3Ops(b, OneState())])


def describe_sha3_two(b):
    describe_rounds(b, [Sha3Ops(b, TwoStates())])
