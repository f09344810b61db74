"""The stack frame of a generated function: callee-saved registers the allocator
had to use (AAPCS64: x19-x28 whole, only the low 64 bits d8-d15 of v8-v15)
plus the kernel's own local bytes, with the CFI that lets unwinders and
debuggers walk through it. A kernel that needs neither gets no frame at all."""
from __future__ import annotations

from dataclasses import dataclass

from .isa import GPR, VEC


def _align16(n):
    return (n + 15) & ~15


@dataclass
class Frame:
    saved: list          # register names in save order, e.g. ["x19", "x20", "d8"]
    local_bytes: int     # locals live at [sp, #0 .. local_bytes)

    @property
    def size(self):
        return _align16(self.local_bytes) + _align16(8 * len(self.saved))

    def _slots(self):
        """(register pair or single, offset from sp) after the prologue: pairs of
        one register file only (stp cannot mix x and d)."""
        slots, offset = [], _align16(self.local_bytes)
        for kind in ("x", "d"):
            regs = [r for r in self.saved if r[0] == kind]
            for i in range(0, len(regs), 2):
                slots.append((regs[i:i + 2], offset))
                offset += 8 * len(regs[i:i + 2])
        return slots

    def prologue(self):
        if not self.size:
            return []
        lines = [f"sub\tsp, sp, #{self.size}", f".cfi_def_cfa_offset {self.size}"]
        for regs, offset in self._slots():
            op = "stp" if len(regs) == 2 else "str"
            lines.append(f"{op}\t{', '.join(regs)}, [sp, #{offset}]")
            lines.extend(f".cfi_offset {r}, {offset + 8 * k - self.size}" for k, r in enumerate(regs))
        return lines

    def epilogue(self):
        if not self.size:
            return []
        lines = []
        for regs, offset in self._slots():
            op = "ldp" if len(regs) == 2 else "ldr"
            lines.append(f"{op}\t{', '.join(regs)}, [sp, #{offset}]")
        lines.append(f"add\tsp, sp, #{self.size}")
        return lines


def frame_for(allocation, local_bytes) -> Frame:
    saved = [f"x{n}" for n in allocation.callee_saved[GPR]] + [f"d{n}" for n in allocation.callee_saved[VEC]]
    return Frame(saved, local_bytes)
