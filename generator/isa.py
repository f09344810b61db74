"""AArch64 instructions on virtual registers: the generator's intermediate form.

A kernel description produces `Instr` objects whose operands name `VReg`s.
Register allocation later maps every VReg to a physical register and
rendering turns each Instr into one line of assembly text.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

GPR = "x"      # general-purpose register file
VEC = "v"      # SIMD&FP register file
FLAGS = "nzcv"  # the condition flags, tracked like a register for dependencies

# Arrangements and scalar views that occupy a full 128-bit vector register.
_QUAD_VIEWS = {"16b", "8h", "4s", "2d", "1q", "q"}


@dataclass(eq=False)
class VReg:
    """A virtual register. `fixed` pins it to a physical register number
    (used for arguments, which arrive in x0..x7 by AAPCS64)."""
    kind: str
    hint: str
    fixed: Optional[int] = None

    def __repr__(self) -> str:
        return f"%{self.kind}.{self.hint}"


def base_name(n):
    """A general register's 64-bit name; number 31 is sp, which the generator
    uses only as a base or to take an address from (never as xzr)."""
    return "sp" if n == 31 else f"x{n}"


class Operand:
    """Something that renders into assembly text once registers are known."""
    def regs(self) -> Sequence[VReg]:
        return ()

    def render(self, phys: dict) -> str:
        raise NotImplementedError


@dataclass(eq=False)
class Reg(Operand):
    """A register seen through a view: 'x'/'w' for general registers, 'q'/'d'/'s'/'h'/'b'
    for scalar SIMD views, or an arrangement such as '16b' or '4s' for vectors."""
    reg: VReg
    view: str

    def regs(self):
        return (self.reg,)

    def render(self, phys):
        n = phys[self.reg]
        if self.view == "x":
            return base_name(n)
        if self.view in ("w", "q", "d", "s", "h", "b"):
            return f"{self.view}{n}"
        return f"v{n}.{self.view}"


@dataclass(eq=False)
class Lane(Operand):
    """One element of a vector register, e.g. v3.b[8]."""
    reg: VReg
    size: str
    index: int

    def regs(self):
        return (self.reg,)

    def render(self, phys):
        return f"v{phys[self.reg]}.{self.size}[{self.index}]"


@dataclass(eq=False)
class Table(Operand):
    """A register list for TBL/TBX or LD1/ST1 lane forms: {v5.16b}, or a table of
    consecutive registers {v5.16b, v6.16b, v7.16b} (a slice of one register group,
    which the allocator numbers consecutively)."""
    members: tuple
    view: str = "16b"

    def regs(self):
        return self.members

    def render(self, phys):
        numbers = [phys[r] for r in self.members]
        if any(n != (numbers[0] + i) % 32 for i, n in enumerate(numbers)):
            raise ValueError(f"table registers {numbers} are not consecutive")
        return "{" + ", ".join(f"v{n}.{self.view}" for n in numbers) + "}"


@dataclass(eq=False)
class TableLane(Table):
    """One lane of each register of a list, for LD4/ST4 single-structure forms:
    {v4.s, v5.s, v6.s, v7.s}[2] (consecutive registers, like Table)."""
    index: int = 0

    def render(self, phys):
        return super().render(phys) + f"[{self.index}]"


@dataclass(eq=False)
class MemRegOffset(Operand):
    """[base, offset]: the address base + a register."""
    base: VReg
    offset: VReg

    def regs(self):
        return (self.base, self.offset)

    def render(self, phys):
        return f"[{base_name(phys[self.base])}, x{phys[self.offset]}]"


@dataclass(eq=False)
class MemPostReg(Operand):
    """[base], step: post-indexed by a register (the access at base, then base += step)."""
    base: VReg
    step: VReg

    def regs(self):
        return (self.base, self.step)

    def render(self, phys):
        return f"[x{phys[self.base]}], x{phys[self.step]}"


@dataclass(eq=False)
class Mem(Operand):
    """[base, #offset], or with post=True the post-indexed form [base], #offset."""
    base: VReg
    offset: int = 0
    post: bool = False

    def regs(self):
        return (self.base,)

    def render(self, phys):
        base = base_name(phys[self.base])
        if self.post:
            return f"[{base}], #{self.offset}"
        return f"[{base}, #{self.offset}]" if self.offset else f"[{base}]"


@dataclass(eq=False)
class Imm(Operand):
    value: int
    text: Optional[str] = None  # e.g. "lsl #16" suffix forms are written as text

    def render(self, phys):
        return self.text if self.text is not None else f"#{self.value}"


@dataclass(eq=False)
class Label(Operand):
    name: str

    def render(self, phys):
        return self.name


@dataclass(eq=False)
class Instr:
    """One machine instruction. `defs`/`uses` list the virtual registers it writes
    and reads (a register both read and written appears in both); `cls` is the
    timing class looked up in the machine model; `mem` is 'load', 'store' or None."""
    mnemonic: str
    operands: tuple
    defs: tuple
    uses: tuple
    cls: str
    mem: Optional[str] = None
    sets_flags: bool = False
    reads_flags: bool = False
    is_branch: bool = False
    target: Optional[str] = None   # branch target label, if any
    falls_through: bool = True     # False for b and ret
    # Issued back to back with the instruction just before it in the description
    # (AESE+AESMC, which cores fuse when adjacent): the scheduler moves the pair as one unit.
    fuse_with_prev: bool = False
    # The register read through the shifter (`eor x, a, b, ror #k`: b; `ror x, a, #k`:
    # a), which some in-order cores need earlier than the other operands (MachineModel).
    shifted_use: Optional[VReg] = None

    def render(self, phys) -> str:
        ops = ", ".join(op.render(phys) for op in self.operands)
        return f"{self.mnemonic}\t{ops}" if ops else self.mnemonic

    def is_quad(self) -> bool:
        """True when the instruction operates on full 128-bit vectors (timing class '_q')."""
        for op in self.operands:
            if isinstance(op, (Reg, Table)) and op.regs()[0].kind == VEC:
                return op.view in _QUAD_VIEWS
        return False


@dataclass(eq=False)
class Block:
    """A basic block: straight-line instructions ending in at most one branch."""
    label: Optional[str]
    instrs: list = field(default_factory=list)
    # Steady-state region markers for llvm-mca (the loop body of a streaming kernel).
    mca_region: Optional[str] = None

    @property
    def terminator(self) -> Optional[Instr]:
        if self.instrs and self.instrs[-1].is_branch:
            return self.instrs[-1]
        return None
