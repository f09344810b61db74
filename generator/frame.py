"""The stack frame of a generated function: callee-saved registers the allocator
had to use (AAPCS64: x19-x28 whole, only the low 64 bits d8-d15 of v8-v15)
plus the kernel's own local bytes, with the unwind information that lets
unwinders and debuggers walk through it (DWARF CFI, or Windows' .seh_ codes),
and the branch-protection instructions of the function's entry and exits
(`bti c`; paciasp/autiasp, or the B-key pair, where the frame saves the
link register). A kernel
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
    return f".seh_save_{kind}reg{pair} {regs[0]}, {offset}"


class _Lines:
    """Instructions, each followed by the unwind directives of the flavour in use."""
    def __init__(self, unwind):
        self.unwind, self.lines = unwind, []

    def emit(self, instruction, cfi=(), seh=None):
        self.lines.append(instruction)
        if self.unwind == "cfi":
            self.lines.extend(cfi)
        elif self.unwind == "seh" and seh:
            self.lines.append(seh)


@dataclass
class Frame:
    saved: list          # register names in save order, e.g. ["x19", "x20", "d8"]
    local_bytes: int     # locals live at [sp, #0 .. local_bytes)

    @property
    def size(self):
        return _align16(self.local_bytes) + _align16(8 * len(self.saved))

    def signs_return_address(self, conv):
        return conv.sign_return_address and f"x{LINK_REGISTER}" in self.saved

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

    def prologue(self, conv):
        out = _Lines(conv.unwind if self.size else None)
        if conv.landing_pad:
            out.emit("bti\tc", seh=".seh_nop")
        if not self.size:
            return out.lines
        if self.signs_return_address(conv):
            out.emit(conv.sign_instructions[0], cfi=[".cfi_negate_ra_state"], seh=".seh_pac_sign_lr")
        out.emit(f"sub\tsp, sp, #{self.size}", cfi=[f".cfi_def_cfa_offset {self.size}"],
                 seh=f".seh_stackalloc {self.size}")
        for regs, offset in self._slots():
            op = "stp" if len(regs) == 2 else "str"
            out.emit(f"{op}\t{', '.join(regs)}, [sp, #{offset}]",
                     cfi=[f".cfi_offset {r}, {offset + 8 * k - self.size}" for k, r in enumerate(regs)],
                     seh=_seh_save(regs, offset))
        if conv.unwind == "seh":
            out.lines.append(".seh_endprologue")
        return out.lines

    def epilogue(self, conv):
        if not self.size:
            return []
        out = _Lines(conv.unwind)
        if conv.unwind == "seh":
            out.lines.append(".seh_startepilogue")
        for regs, offset in self._slots():
            op = "ldp" if len(regs) == 2 else "ldr"
            out.emit(f"{op}\t{', '.join(regs)}, [sp, #{offset}]", seh=_seh_save(regs, offset))
        out.emit(f"add\tsp, sp, #{self.size}", seh=f".seh_stackalloc {self.size}")
        if self.signs_return_address(conv):
            out.emit(conv.sign_instructions[1], seh=".seh_pac_sign_lr")
        if conv.unwind == "seh":
            out.lines.append(".seh_endepilogue")
        return out.lines


def frame_for(allocation, local_bytes) -> Frame:
    saved = [f"x{n}" for n in allocation.callee_saved[GPR]] + [f"d{n}" for n in allocation.callee_saved[VEC]]
    return Frame(saved, local_bytes)
