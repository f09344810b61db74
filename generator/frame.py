"""The stack frame of a generated function: callee-saved registers the allocator
had to use (AAPCS64: x19-x28 whole, only the low 64 bits d8-d15 of v8-v15)
plus the kernel's own local bytes, with the unwind information that lets
unwinders and debuggers walk through it (DWARF CFI and Windows' unwind codes,
both written, each kept by snova_asm.h where the object format uses it), and
the branch-protection macros of the function's entry and exits (the landing
pad; return-address signing where the frame saves the link register). A kernel
that needs no frame gets only its landing pad."""
from __future__ import annotations

from dataclasses import dataclass

from .isa import GPR, VEC
from .regalloc import LINK_REGISTER


def _align16(n):
    return (n + 15) & ~15


def _seh_save(regs, offset):
    """The Windows unwind code of one store or load of saved registers."""
    kind = "f" if regs[0][0] == "d" else ""
    pair = "p" if len(regs) == 2 else ""
    return f"save_{kind}reg{pair} {regs[0]}, {offset}"


def _cfi(directive):
    """A DWARF CFI directive, which snova_asm.h keeps where the object format unwinds by CFI."""
    return f"SNOVA_ASM_CFI({directive})"


def _seh(code):
    """A Windows unwind code, which snova_asm.h keeps on COFF only."""
    return f"SNOVA_ASM_SEH({code})"


@dataclass
class Frame:
    saved: list          # register names in save order, e.g. ["x19", "x20", "d8"]
    local_bytes: int     # locals live at [sp, #0 .. local_bytes)

    @property
    def size(self):
        return _align16(self.local_bytes) + _align16(8 * len(self.saved))

    @property
    def saves_link_register(self):
        return f"x{LINK_REGISTER}" in self.saved

    def _slots(self):
        """(register pair or single, offset from sp) after the prologue: pairs of
        consecutive registers of one register file only (stp cannot mix x and d,
        and Windows' unwind codes describe only consecutive pairs)."""
        slots, offset = [], _align16(self.local_bytes)
        for kind in ("x", "d"):
            regs = [r for r in self.saved if r[0] == kind]
            i = 0
            while i < len(regs):
                paired = i + 1 < len(regs) and int(regs[i + 1][1:]) == int(regs[i][1:]) + 1
                group = regs[i:i + 1 + paired]
                slots.append((group, offset))
                offset += 8 * len(group)
                i += len(group)
        return slots

    def prologue(self):
        """The entry's lines: each instruction followed by its unwind information in
        both flavours, the landing pad and the return-address signing as the macros
        of snova_asm.h, which apply the build's branch protection and object format."""
        if not self.size:
            return ["SNOVA_ASM_BTI"]
        lines = ["SNOVA_ASM_BTI_FRAME"]
        if self.saves_link_register:
            lines.append("SNOVA_ASM_PAC_SIGN")
        lines += [f"sub\tsp, sp, #{self.size}", _cfi(f"def_cfa_offset {self.size}"), _seh(f"stackalloc {self.size}")]
        for regs, offset in self._slots():
            op = "stp" if len(regs) == 2 else "str"
            lines.append(f"{op}\t{', '.join(regs)}, [sp, #{offset}]")
            lines += [_cfi(f"offset {r}, {offset + 8 * k - self.size}") for k, r in enumerate(regs)]
            lines.append(_seh(_seh_save(regs, offset)))
        lines.append(_seh("endprologue"))
        return lines

    def epilogue(self):
        if not self.size:
            return []
        lines = [_seh("startepilogue")]
        for regs, offset in self._slots():
            op = "ldp" if len(regs) == 2 else "ldr"
            lines += [f"{op}\t{', '.join(regs)}, [sp, #{offset}]", _seh(_seh_save(regs, offset))]
        lines += [f"add\tsp, sp, #{self.size}", _seh(f"stackalloc {self.size}")]
        if self.saves_link_register:
            lines.append("SNOVA_ASM_PAC_AUTH")
        lines.append(_seh("endepilogue"))
        return lines


def frame_for(allocation, local_bytes) -> Frame:
    saved = [f"x{n}" for n in allocation.callee_saved[GPR]] + [f"d{n}" for n in allocation.callee_saved[VEC]]
    return Frame(saved, local_bytes)
