"""Keccak-f[1600] proven round by round on straight-line code. Each state's
lanes start as fresh variables V_0. For round r the specification's round
(tools/prove/specs.py keccak_round) of V_r is computed in normal form (degree
2), and fresh variables V_{r+1} stand for it: whenever the kernel writes a
register (or a 64-bit half of a vector register) whose value equals one of
those lanes, rotated by any amount and possibly complemented (the kernels
keep lanes complemented or carry their rotations), the value is replaced by
the same rotation and complement of V_{r+1}. The replacement is exact (the
variables are defined as that very polynomial), so a final state that holds
V_24 in every lane is the specification's Keccak-f[1600] of V_0. Once all 25
lanes of round r+1 have been seen, round r+2's lanes are looked for."""
from __future__ import annotations

from tools.prove.algebra import ONE
from tools.prove.specs import keccak_round

ROUNDS = 24
LANES = 25


def _rotr(lane, k):
    return tuple(lane[(i + k) % 64] for i in range(64))


class KeccakRounds:
    def __init__(self, states: list, variables):
        """states: each state's 25 initial lanes (64-bit vectors of variables)."""
        from tests.keccak_model import RC
        self.rc, self.vars = RC, variables
        self.lanes = [list(s) for s in states]       # V_r of each state
        self.round = [0] * len(states)
        self.table = {}
        self.next = {}                                # V_{r+1} of each state
        self.seen = [set() for _ in states]
        for s in range(len(states)):
            self._expect(s)

    def _expect(self, s):
        self.table = {k: v for k, v in self.table.items() if v[0] != s}
        if self.round[s] == ROUNDS:
            return
        want = keccak_round(self.lanes[s], self.rc[self.round[s]])
        self.next[s] = [self.vars.bits(64) for _ in want]
        for lane, value in enumerate(want):
            complement = tuple(b ^ ONE for b in value)
            for k in range(64):
                self.table[_rotr(value, k)] = (s, lane, k, False)
                self.table[_rotr(complement, k)] = (s, lane, k, True)

    def replace(self, value: tuple):
        """The 64-bit value in round variables if it is an awaited lane, else itself."""
        hit = self.table.get(value)
        if hit is None:
            return value
        s, lane, k, complemented = hit
        out = _rotr(self.next[s][lane], k)
        if complemented:
            out = tuple(b ^ ONE for b in out)
        self.seen[s].add(lane)
        if len(self.seen[s]) == LANES:
            self.lanes[s] = self.next[s]
            self.round[s] += 1
            self.seen[s] = set()
            self._expect(s)
        return out

    def done(self) -> bool:
        return all(r == ROUNDS for r in self.round)
