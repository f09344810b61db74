"""Static constant-time check of generated AArch64 kernels.

    python -m tools.ct.kernel_check [FILE.S ...]     (default: every kernel of out/)

checks each file as every object format assembles it (tools/asm_formats.py:
line numbers are those of that preprocessed text), prints one line per
violation and exits 1 if there is any.

The rule: data never decides a branch or an address. Data is what a kernel
loads from memory into a general register and whatever it moves out of a
vector register (vector registers hold only data); arguments and what is
computed from them alone (pointers, strides, counts, loop counters) are not
data. Following every path through the kernel (a fixed point over its control
flow: a register or the condition flags hold data after an instruction if they
may on any path), the check reports

  * a conditional branch on data: b.<cond> after flags set from data,
    cbz/cbnz/tbz/tbnz on a data register, br/blr through one;
  * an address from data: the base or index register of a load, store or
    prefetch, or its post-index register, holds data;
  * a variable-time instruction on data: udiv/sdiv;
  * data returned in x0 by a kernel the generated header declares non-void,
    except gf16_solve, whose result (0xFF regular, 0 singular) tells the caller
    to retry a singular system, as every SNOVA implementation does
    (RETURNS_DATA);
  * a return through a data register;
  * an instruction no path reaches, or raw words (.inst): the check would not
    have seen them.

A conditional select (csel family) on data flags is allowed: it has no branch
and its timing does not depend on the flags; its result is data and is tracked
like any other. Stack slots are tracked (offsets from the entry sp, through sp
adjustments, pre/post-index writeback and registers set to sp + k): a register
restored from a slot holds data only if data was stored there; a slot at or
above the entry sp that the kernel never wrote is a stack-passed argument.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.abi import FORMATS
from tools.asm_formats import rendering

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "out"
HEADER = OUT / "snova_kernels.h"

# kernels allowed to return data in x0, and why (docs/security.md)
RETURNS_DATA = {"gf16_solve": "0xFF or 0: the caller retries a singular system, a public event"}

CONDITIONS = "eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al|nv"
COND_BRANCH = re.compile(rf"b\.?({CONDITIONS})")
GPR = re.compile(r"([xw])([0-9]|[12][0-9]|30)|(x|w)zr|w?sp|fp|lr")
VECTOR = re.compile(r"\{.*\}|v([0-9]|[12][0-9]|3[01])(\.\w+)?(\[\d+\])?|[bhsdqzp]([0-9]|[12][0-9]|3[01])(\.\w+)?")

FLAG_READERS = {"csel", "csinc", "csinv", "csneg", "cset", "csetm", "cinc", "cinv", "cneg", "adc", "adcs",
                "sbc", "sbcs", "ngc", "ngcs", "ccmp", "ccmn", "fccmp", "fccmpe", "fcsel"}
COMPARES = {"cmp", "cmn", "tst", "ccmp", "ccmn", "fcmp", "fcmpe", "fccmp", "fccmpe"}
FLAG_SETTERS = {"adds", "subs", "ands", "bics", "adcs", "sbcs", "negs", "ngcs"}
READS_DEST = {"movk", "bfi", "bfxil", "bfm", "bfc"}   # keep some bits of the destination
DIVIDES = {"udiv", "sdiv"}
NO_EFFECT = {"nop", "bti", "hint", "isb", "dsb", "dmb", "yield", "paciasp", "pacibsp", "autiasp", "autibsp",
             "paciaz", "pacibz", "autiaz", "autibz", "xpaclri", "pacia", "pacib", "autia", "autib", "csdb"}
RETURNS = {"ret", "retaa", "retab"}
SLOT = 8   # stack slots are tracked in 8-byte units


@dataclass(frozen=True)
class Insn:
    line: int
    text: str
    mnemonic: str
    operands: tuple[str, ...]


@dataclass(frozen=True)
class Violation:
    path: str
    line: int
    text: str
    reason: str

    def __str__(self):
        return f"{self.path}:{self.line}: {self.text}: {self.reason}"


@dataclass(frozen=True)
class State:
    data: frozenset = frozenset()        # general registers (x0..x30) that may hold data
    flags: bool = False                  # the condition flags may depend on data
    sp: int | None = 0                   # sp - entry sp, None once unknown
    sp_copies: tuple = ()                # (register, offset from entry sp) of registers set to sp + k
    clean: frozenset = frozenset()       # slots below the entry sp known to hold no data
    dirty: frozenset = frozenset()       # slots at or above it that data was stored to

    def join(self, other: State) -> State:
        return State(self.data | other.data, self.flags or other.flags, self.sp if self.sp == other.sp else None,
                     tuple(sorted(set(self.sp_copies) & set(other.sp_copies))), self.clean & other.clean,
                     self.dirty | other.dirty)


# --- parsing -----------------------------------------------------------------------------------

def split_operands(text: str) -> tuple[str, ...]:
    """Operands at top level: commas inside [] and {} do not split."""
    ops, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return tuple(ops)


@dataclass
class Listing:
    insns: list[Insn] = field(default_factory=list)
    labels: dict[str, int] = field(default_factory=dict)      # label -> index of the next instruction
    globals: set[str] = field(default_factory=set)
    opaque: list[tuple[int, str]] = field(default_factory=list)   # .inst: code the check cannot read


def parse(text: str) -> Listing:
    """Instructions, labels and global symbols of an assembler file (GNU/LLVM
    syntax, ELF, Mach-O or COFF); directives and data are skipped."""
    out = Listing()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        while (m := re.match(r"([A-Za-z_.$][\w.$]*):\s*", line)):
            out.labels[m[1]] = len(out.insns)
            line = line[m.end():]
        if not line:
            continue
        if line.startswith("."):
            if (m := re.match(r"\.(globl|global)\s+([\w.$]+)", line)):
                out.globals.add(m[2])
            elif re.match(r"\.inst\b", line):
                out.opaque.append((number, raw.strip()))
            continue
        mnemonic, _, rest = line.replace("\t", " ").partition(" ")
        out.insns.append(Insn(number, raw.strip(), mnemonic.lower(), split_operands(rest.strip())))
    return out


def gpr(op: str) -> str | None:
    """The x register an operand names (w5 -> x5, fp -> x29, lr -> x30, sp -> sp),
    None for anything else, zr included."""
    op = op.strip().lower()
    if not GPR.fullmatch(op) or op.endswith("zr"):
        return None
    if op in ("sp", "wsp"):
        return "sp"
    return {"fp": "x29", "lr": "x30"}.get(op, "x" + op[1:])


def is_vector(op: str) -> bool:
    return bool(VECTOR.fullmatch(op.strip().lower()))


def memory_operand(ops):
    """(index of the [..] operand, base, index register, offset, writeback) or None.
    writeback: None, 'pre' ([..]!) or the post-index operand."""
    for i, op in enumerate(ops):
        if op.startswith("["):
            inner = split_operands(op[1:op.index("]")])
            base = gpr(inner[0])
            index = gpr(inner[1]) if len(inner) > 1 else None
            offset = int(inner[1].lstrip("#"), 0) if len(inner) > 1 and inner[1].startswith("#") else 0
            if op.endswith("!"):
                writeback = "pre"
            elif i + 1 < len(ops):
                writeback = ops[i + 1]
            else:
                writeback = None
            return i, base, index, offset, writeback
    return None


def access_size(op: str, mnemonic: str) -> int:
    """Bytes a register operand of a load or store moves (a register list: 16 per register)."""
    op = op.strip().lower()
    if op.startswith("{"):
        first, _, last = op.strip("{}").partition("-")
        count = int(re.match(r"\s*v(\d+)", last)[1]) - int(re.match(r"\s*v(\d+)", first)[1]) + 1 if last \
            else op.count(",") + 1
        return 16 * count
    if re.fullmatch(r"(ld|st)\w*b", mnemonic):
        return 1
    if re.fullmatch(r"(ld|st)\w*h", mnemonic):
        return 2
    return {"x": 8, "d": 8, "w": 4, "s": 4, "q": 16, "h": 2, "b": 1}.get(op[:1], 16)


# --- one instruction ---------------------------------------------------------------------------

def holds_data(state: State, op: str) -> bool:
    if is_vector(op):
        return True
    r = gpr(op)
    return r is not None and r in state.data


def set_reg(state: State, reg: str | None, data: bool, sp_offset: int | None = None) -> State:
    if reg is None:
        return state
    copies = tuple((r, o) for r, o in state.sp_copies if r != reg)
    if sp_offset is not None:
        copies = tuple(sorted(copies + ((reg, sp_offset),)))
    return replace(state, data=state.data | {reg} if data else state.data - {reg}, sp_copies=copies)


def sp_offset_of(state: State, reg: str | None) -> int | None:
    if reg == "sp":
        return state.sp
    return dict(state.sp_copies).get(reg)


def slots(offset: int, size: int, whole: bool) -> range:
    """8-byte units a size-byte access at offset touches (whole: only those it covers)."""
    if whole:
        return range(-(-offset // SLOT), (offset + size) // SLOT)
    return range(offset // SLOT, -(-(offset + size) // SLOT))


def load_store(state: State, insn: Insn, report) -> State:
    ops, m = insn.operands, insn.mnemonic
    mem = memory_operand(ops)
    if mem is None:                          # literal load (pc-relative): the value is data
        for op in ops[:-1]:
            state = set_reg(state, gpr(op), True)
        return state
    at, base, index, offset, writeback = mem
    post = gpr(writeback) if writeback not in (None, "pre") else None
    for r, what in ((base, "base"), (index, "index"), (post, "post-index")):
        if r is not None and r in state.data:
            report(f"address {what} register {r} holds data")
    pre = writeback == "pre"
    frame = sp_offset_of(state, base) if index is None else None
    if frame is not None and (pre or writeback is None):
        frame += offset
    regs = list(ops[:at]) if not m.startswith("prf") else []
    if m.startswith("st"):
        if m.startswith(("stxr", "stlxr")):   # the first operand is the status result
            state, regs = set_reg(state, gpr(regs[0]), False), regs[1:]
        addr = frame
        for op in (regs if frame is not None else []):
            size = access_size(op, m)
            data = holds_data(state, op)
            for s in slots(addr, size, whole=not data):
                if s * SLOT < 0:
                    state = replace(state, clean=state.clean - {s} if data else state.clean | {s})
                else:
                    state = replace(state, dirty=state.dirty | {s} if data else state.dirty - {s})
            addr += size
    elif m.startswith("ld"):
        addr = frame
        for op in regs:
            size = access_size(op, m)
            if addr is None:
                data = True
            else:
                data = any((s not in state.clean) if s * SLOT < 0 else (s in state.dirty)
                           for s in slots(addr, size, whole=False))
                addr += size
            state = set_reg(state, gpr(op), data)
    if writeback is not None and base is not None:
        step = offset if pre else (int(writeback.lstrip("#"), 0) if writeback.startswith("#") else None)
        if base == "sp":
            state = replace(state, sp=None if step is None or state.sp is None else state.sp + step)
        else:
            moved = sp_offset_of(state, base)
            state = set_reg(state, base, base in state.data or (post is not None and post in state.data),
                            None if moved is None or step is None else moved + step)
    return state


def arithmetic(state: State, insn: Insn) -> State:
    """Everything else that writes a general register: its result holds data if
    any source does (a vector source always does, a flag reader if the flags do)."""
    ops, m = insn.operands, insn.mnemonic
    dest = gpr(ops[0]) if ops and m not in COMPARES else None
    sources = ops[1:] if dest is not None or (ops and is_vector(ops[0])) else ops
    data = any(holds_data(state, op) for op in sources)
    data |= m in FLAG_READERS and state.flags
    data |= m in READS_DEST and dest in state.data
    if m in ("mrs",):
        data = ops[1].lower() == "nzcv" and state.flags
    if m in FLAG_SETTERS or m in COMPARES:
        state = replace(state, flags=data)
    if m == "msr" and ops and ops[0].lower() == "nzcv":
        return replace(state, flags=holds_data(state, ops[1]))
    if dest is None:
        return state
    sp_from = sp_offset_of(state, gpr(ops[1])) if len(ops) > 1 else None
    k = None
    if sp_from is not None and m in ("mov", "add", "sub") and (len(ops) == 2 or len(ops) == 3 and ops[2][0] == "#"):
        step = int(ops[2].lstrip("#"), 0) if len(ops) > 2 else 0
        k = sp_from + (step if m != "sub" else -step)
    if dest == "sp":
        return replace(state, sp=k)
    return set_reg(state, dest, data, k)


def step(state: State, insn: Insn, report) -> State:
    m, ops = insn.mnemonic, insn.operands
    if COND_BRANCH.fullmatch(m):
        if state.flags:
            report("conditional branch on flags set from data")
    elif m in ("cbz", "cbnz", "tbz", "tbnz", "br", "blr", "braa", "brab", "blraa", "blrab"):
        if holds_data(state, ops[0]):
            report(f"branch on {gpr(ops[0])}, which holds data")
    elif m in RETURNS and holds_data(state, ops[0] if ops else "x30"):
        report("return address holds data")
    elif m in DIVIDES and any(holds_data(state, op) for op in ops[1:]):
        report("division of data (variable time)")
    if m in ("bl", "blr", "blraa", "blrab"):      # a call: its results are unknown
        return replace(state, data=state.data | {f"x{i}" for i in range(18)}, flags=True)
    if m.startswith(("ld", "st", "prf")):
        return load_store(state, insn, report)
    if m in NO_EFFECT or m == "b" or COND_BRANCH.fullmatch(m) or m in RETURNS or m in (
            "cbz", "cbnz", "tbz", "tbnz", "br", "braa", "brab"):
        return state
    return arithmetic(state, insn)


def successors(listing: Listing, i: int) -> list[int]:
    insn = listing.insns[i]
    m = insn.mnemonic
    target = listing.labels.get(insn.operands[-1]) if insn.operands else None
    if m in RETURNS or m in ("br", "braa", "brab"):
        return []
    if m == "b":
        return [target] if target is not None else []          # a tail call leaves the kernel
    if COND_BRANCH.fullmatch(m) or m in ("cbz", "cbnz", "tbz", "tbnz"):
        return [j for j in (target, i + 1) if j is not None and j < len(listing.insns)]
    return [i + 1] if i + 1 < len(listing.insns) else []


# --- a file ------------------------------------------------------------------------------------

def declared_returns(header: Path = HEADER) -> dict[str, bool]:
    """kernel symbol -> whether the header declares it non-void."""
    text = header.read_text() if header.exists() else ""
    return {name: ret != "void" for ret, name in re.findall(r"^\s*(?:extern\s+)?(\w+)\s+(\w+)\s*\(", text, re.M)}


def check_listing(path: str, listing: Listing, returns: dict[str, bool]) -> list[Violation]:
    found: dict[tuple, Violation] = {}
    entries = [(name, listing.labels[name]) for name in sorted(listing.globals) if name in listing.labels]
    if not entries:
        return [Violation(path, 0, "", "no global function to check")]
    reached = set()
    for name, start in entries:
        symbol = name[1:] if name.startswith("_") and name[1:] in returns else name
        may_return_data = not returns.get(symbol, False) or any(symbol.endswith(k) for k in RETURNS_DATA)
        states = {start: State()}
        work = [start]
        while work:
            i = work.pop()
            insn = listing.insns[i]

            def report(reason, insn=insn):
                found.setdefault((insn.line, reason), Violation(path, insn.line, insn.text, reason))
            state = step(states[i], insn, report)
            if insn.mnemonic in RETURNS and "x0" in state.data and not may_return_data:
                report(f"{symbol} returns data in x0")
            for j in successors(listing, i):
                joined = state if j not in states else states[j].join(state)
                if states.get(j) != joined:
                    states[j] = joined
                    work.append(j)
        reached |= states.keys()
    for line, text in listing.opaque:
        found.setdefault((line, "opaque"), Violation(path, line, text, "raw instruction words cannot be checked"))
    for i, insn in enumerate(listing.insns):
        if i not in reached:
            found.setdefault((insn.line, "unreached"), Violation(path, insn.line, insn.text,
                                                                 "no path from an entry reaches it"))
    return sorted(found.values(), key=lambda v: v.line)


def check_file(path: Path, returns: dict[str, bool] | None = None, fmt: str = "elf") -> list[Violation]:
    """The violations of path as object format fmt assembles it."""
    return check_listing(f"{path} ({fmt})", parse(rendering(path, fmt)),
                         declared_returns() if returns is None else returns)


def kernel_files(out: Path = OUT) -> list[Path]:
    return sorted(out.glob("*.S"))


def main(argv=None) -> int:
    paths = [Path(p) for p in (sys.argv[1:] if argv is None else argv)] or kernel_files()
    returns = declared_returns()
    violations = [v for p in paths for fmt in FORMATS for v in check_file(p, returns, fmt)]
    for v in violations:
        print(v)
    print(f"{len(paths)} files, {len(violations)} violations", file=sys.stderr)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
