"""Keccak-f[1600] on general registers: snova_keccakf1600(uint64_t s[25]).

Rotations ride on operands. A value is held rotated, (register, rot) standing
for ror(register, rot), and the logical instructions take their second operand
rotated for free (`eor x, a, b, ror #k`): combining (a, ra) with (b, rb) gives
(a op ror(b, rb - ra), ra). The result may keep either operand's rotation: XOR
is symmetric, and for and-not BIC keeps the kept operand's while ORN keeps the
inverted one's (~(mid | ~far) is far & ~mid, and the xor with it becomes EON).
rol(C, 1) of theta rides on the xor that makes D. A rho rotation either becomes
an explicit ROR (an EXTR), or rides on the chi instructions that read the lane:
one shifted operand in each of the three instead of one ROR.

That trade is the `lazy` option: how many lanes of each chi row keep their rho
rotation pending (0 to 3; each chi output needs one of its three inputs
unrotated, so no three consecutive), every round then starting and ending with
every lane unrotated; or "all": every rotation rides on the next instruction
that reads the value, across rounds, and each lane is rotated back once before
it is stored (fewest instructions). Shifted operands cost as plain ones on
Cortex-A55, Neoverse N1/V1 and Apple cores, but issue on the single M pipe of
Cortex-A72 (where a ROR is one M and one I uop): more lazy lanes, fewer
instructions, more M-pipe pressure. The default, 2, is the balance (README).
Beside the two vector states of the mixed forms (keccak_mixed.py) it shares
Cortex-A72's three-wide dispatch with them, so fewer instructions count for more
there: its default is 3 ("all" is fewer still, but crowds the M pipe in stretches
of a block).

29 registers: x0-x17, x19-x28 and x30 (the frame saves it), never x18 (Apple's
platform register) nor x29 (frame records must stay valid); the state pointer
waits on the stack during the rounds, and theta's two spilled lanes too.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..builder import SP
from .keccak import LANE_BYTES, LANES, ROUND_CONSTANTS, describe_rounds, keccak_round, lane_table, rol64

# --keccak-lazy: lanes per chi row (positions in the row) whose rho rotation rides
# on chi; "all": every rotation rides on the next instruction that reads the lane.
LAZY_POSITIONS = {0: (), 1: (1,), 2: (1, 3), 3: (1, 2, 4)}
LAZY_CHOICES = (*LAZY_POSITIONS, "all")
DEFAULT_LAZY = 2
MIXED_DEFAULT_LAZY = 3


@dataclass
class Held:
    """A 64-bit value as register + rotation: the value is ror(reg, rot)."""
    reg: object
    rot: int = 0


@dataclass
class AndNot:
    """t = far & ~mid as made by chi: held directly, or (inverted) as ~t."""
    value: Held
    inverted: bool


class GprOps:
    """The operations of keccak.keccak_round on general registers, for the state
    at s[0..24]."""
    round = keccak_round

    def __init__(self, b, lazy, constants_of=None):
        """constants_of: another GprOps whose round-constant table this one reads
        (two states on one register file, keccak_mixed.py): both rotate the
        constants alike, as they run the same rounds, and the owner emits it."""
        self.b = b
        # target lane indices whose rho rotation stays pending; None: every lane
        self.pending = None if lazy == "all" else {5 * y + x for y in range(5) for x in LAZY_POSITIONS[lazy]}
        self.sp = b.pinned_x(SP)
        self.lane_slot = b.stack_slot(2 * LANE_BYTES)
        self.owns_constants = constants_of is None
        # round -> RC rotated as lane 0 is held at iota
        self.rc_label, self.rc_values = ((b.local_label("rc"), {}) if self.owns_constants
                                         else (constants_of.rc_label, constants_of.rc_values))

    def xor(self, keep: Held, other: Held, dst=None) -> Held:
        """keep ^ other, held with keep's rotation."""
        return Held(self.b.gop_ror("eor", keep.reg, other.reg, other.rot - keep.rot, dst), keep.rot)

    # --- state --------------------------------------------------------------------------------
    def load_state(self, state, offset=0, rotations=(0,) * LANES):
        """The 25 lanes at state + offset bytes, held with the given rotations."""
        b = self.b
        b.free_link_register()
        regs = []
        for i in range(0, LANES - 1, 2):
            regs += b.load_pair("x", state, offset + LANE_BYTES * i)
        regs.append(b.load("x", state, offset + LANE_BYTES * (LANES - 1)))
        return [Held(reg, rot) for reg, rot in zip(regs, rotations)]

    def store_lanes(self, state, lanes, offset=0):
        """The lanes' registers at state + offset bytes as they are (rotations not
        applied: load_state takes them back)."""
        for i in range(0, LANES - 1, 2):
            self.b.store_pair("x", lanes[i].reg, lanes[i + 1].reg, state, offset + LANE_BYTES * i)
        self.b.store("x", lanes[LANES - 1].reg, state, offset + LANE_BYTES * (LANES - 1))

    def unrotated(self, lanes):
        """The lanes with their held rotations applied (RORs where pending)."""
        return [Held(self.b.ror(v.reg, v.rot)) if v.rot else v for v in lanes]

    def round_constants(self):
        """Emits the table iota read, once every round is described."""
        self.b.constant("rc", lane_table(self.rc_values[rnd] for rnd in sorted(self.rc_values)))

    def store_state(self, state, lanes):
        self.round_constants()
        self.store_lanes(state, self.unrotated(lanes))

    def spill(self, lanes, indices):
        self.b.store_pair("x", *(lanes[i].reg for i in indices), self.sp, self.lane_slot)

    def reload(self, lanes, indices):
        for i, reg in zip(indices, self.b.load_pair("x", self.sp, self.lane_slot)):
            lanes[i] = Held(reg, lanes[i].rot)

    # --- theta --------------------------------------------------------------------------------
    def parity(self, lanes, x) -> Held:
        """C[x]: a chain in one register (a tree needs two at the peak; the five
        columns run side by side anyway)."""
        col = [lanes[x + 5 * y] for y in range(5)]
        acc = self.xor(col[0], col[1])
        for v in col[2:]:
            self.xor(acc, v, dst=acc.reg)
        return acc

    def make_d(self, prev: Held, nxt: Held, over_prev) -> Held:
        """C[x-1] ^ rol(C[x+1], 1): the rotation rides on the operand."""
        return self.xor(prev, Held(nxt.reg, nxt.rot + 63), dst=prev.reg if over_prev else None)

    def apply(self, lane: Held, d: Held) -> Held:
        return self.xor(lane, d, dst=lane.reg)

    # --- rho, chi, iota -----------------------------------------------------------------------
    def rotate(self, v: Held, rho, target) -> Held:
        rot = (v.rot - rho) % 64
        if self.pending is None or target in self.pending or not rot:
            return Held(v.reg, rot)
        return Held(self.b.ror(v.reg, rot))

    def and_not(self, far: Held, mid: Held) -> AndNot:
        """far & ~mid. Between rounds that must end unrotated (`pending` set), held
        unrotated when one operand is; otherwise held as far."""
        settle = self.pending is not None
        if not settle or far.rot == 0 or mid.rot == far.rot:
            return AndNot(Held(self.b.gop_ror("bic", far.reg, mid.reg, mid.rot - far.rot), far.rot), False)
        return AndNot(Held(self.b.gop_ror("orn", mid.reg, far.reg, far.rot - mid.rot), mid.rot), True)

    def xor_into(self, a: Held, t: AndNot) -> Held:
        """a ^ t over a: unrotated when rounds must end so (then a or t is), else
        held as a. a ^ ~(~t) is EON, symmetric too."""
        keep, other = (t.value, a) if self.pending is not None and a.rot else (a, t.value)
        assert self.pending is None or keep.rot == 0, "three consecutive rotated lanes in a chi row"
        op = "eon" if t.inverted else "eor"
        return Held(self.b.gop_ror(op, keep.reg, other.reg, other.rot - keep.rot, dst=a.reg), keep.rot)

    def iota(self, lane: Held, rnd) -> Held:
        """lane ^= RC, the constant rotated as the lane is held (PC-relative load)."""
        value = rol64(ROUND_CONSTANTS[rnd], lane.rot)
        assert self.rc_values.setdefault(rnd, value) == value, "states sharing a table rotate its constants alike"
        rc = self.b.load_literal("x", f"{self.rc_label}+{LANE_BYTES * rnd}")
        return Held(self.b.gop("eor", "x", lane.reg, rc, dst=lane.reg), lane.rot)


def describe_keccakf1600(b, lazy=DEFAULT_LAZY):
    describe_rounds(b, [GprOps(b, lazy)])
