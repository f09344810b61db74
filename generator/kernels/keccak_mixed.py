"""Keccak-f[1600] on general and vector registers at once, states side by side:
  snova_keccakf1600_x3(uint64_t s[75])    s[0..24] on general registers
                                          (keccak_gpr.py), s[25..74] as in _x2
                                          (keccak_simd.py);
  snova_keccakf1600_x4(uint64_t s[100])   s[0..24] and s[25..49] taking turns on
                                          the general registers, s[50..99] as in _x2.

describe_rounds emits the forms' rounds side by side in one function and the
list scheduler interleaves them, so the integer and vector pipes work at once.
Which form pays is a matter of pipes (llvm-mca, docs/kernels.md). The vector
form's shifts issue on one vector pipe of Neoverse N1 and Cortex-A76, and its two
states take twice as long as one general-register state, which three integer
pipes run with every shifted operand free: _x4 gives those cores' integer pipes
two states to the vector form's two. Cortex-A72 has one pipe for shifted
operands and dispatches three instructions a cycle: a second general-register
state only crowds it, and _x3 is its form.

A general-register state needs 26 of the 29 registers (keccak_gpr.py), so _x4's
two cannot be held at once: they take turns of TURN_ROUNDS rounds. At a turn the
running state's lanes go home to their own 200 bytes of s (held rotations
remembered, not applied) and the other's come back: 26 stores and loads, on load
and store pipes the rounds leave idle.
"""
from __future__ import annotations

from .keccak import LANES, ROUNDS, STATE_BYTES, describe_rounds
from .keccak_gpr import GprOps
from .keccak_simd import NeonOps, TwoStates

# Rounds a general-register state of _x4 runs before the other takes over. Past
# a few the turns cost nothing: 6 to 24 rounds all measure 549 cycles a state on
# neoverse-n1 (llvm-mca), 4 measure 551, 2 measure 564.
TURN_ROUNDS = 8


def home(state: int) -> int:
    """Byte offset in s of general-register state `state` (0 or 1) of _x4."""
    return STATE_BYTES * state


def turn_order(turn=TURN_ROUNDS):
    """The general-register state running each of _x4's 2 * ROUNDS rounds, in order."""
    order = []
    while len(order) < 2 * ROUNDS:
        for state in (0, 1):
            order += [state] * min(turn, ROUNDS - order.count(state))
    return order


class TakingTurns:
    """Two general-register states (s[0..24], s[25..49]) on one register file, as
    one form for describe_rounds: each of its rounds is two rounds of the states,
    in turn_order. The lanes it passes around are those of the running state."""

    def __init__(self, b, lazy):
        first = GprOps(b, lazy)
        self.states = (first, GprOps(b, lazy, constants_of=first))
        self.b, self.order = b, turn_order()
        self.pointer_slot = b.stack_slot()
        self.running, self.done = 0, [0, 0]
        self.waiting = (0,) * LANES     # the rotations the waiting state's lanes are held with

    def load_state(self, state):
        self.b.spill(state, self.pointer_slot)
        return self.states[0].load_state(state, home(0))

    def switch(self, lanes):
        """Parks the running state's lanes at home and brings the other's."""
        state = self.b.reload(self.pointer_slot)
        waiting = tuple(v.rot for v in lanes)
        self.states[self.running].store_lanes(state, lanes, home(self.running))
        self.running ^= 1
        lanes = self.states[self.running].load_state(state, home(self.running), self.waiting)
        self.waiting = waiting
        return lanes

    def round(self, lanes, rnd):
        for state in self.order[2 * rnd:2 * rnd + 2]:
            if state != self.running:
                lanes = self.switch(lanes)
            lanes = self.states[state].round(lanes, self.done[state])
            self.done[state] += 1
        return lanes

    def store_state(self, state, lanes):
        running = self.states[self.running]
        running.store_lanes(state, running.unrotated(lanes), home(self.running))
        if any(self.waiting):       # parked with rotations pending (lazy "all")
            other = self.states[self.running ^ 1]
            parked = other.load_state(state, home(self.running ^ 1), self.waiting)
            other.store_lanes(state, other.unrotated(parked), home(self.running ^ 1))
        self.states[0].round_constants()


def describe_mixed(b, lazy):
    """Three states: s[0..24] on general registers, s[25..74] in Advanced SIMD."""
    describe_rounds(b, [GprOps(b, lazy), NeonOps(b, TwoStates(STATE_BYTES))])


def describe_mixed_four(b, lazy):
    """Four states: s[0..49] taking turns on general registers, s[50..99] in
    Advanced SIMD."""
    describe_rounds(b, [TakingTurns(b, lazy), NeonOps(b, TwoStates(2 * STATE_BYTES))])
