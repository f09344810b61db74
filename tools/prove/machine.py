"""Symbolic execution of one kernel's object code over abstract values
(tools/prove/semantics.py): every load and store address checked against the
argument regions and the frame, every branch condition and address checked
for secrecy, and the AAPCS64 callee-saved state checked at every return.

Public sizes are concrete (the instantiations of tools/prove/abi.py), so the
control flow is one path per instantiation; data are unknown and secret."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from tools.ct.kernel_check import split_operands
from tools.prove import semantics as sem

MAX_STEPS = 4_000_000
CALLEE_SAVED = tuple(range(19, 31))          # x19-x28, x29 (frame), x30 (link)
_ADDR = re.compile(r"\[(\w+)(?:,\s*(#?-?\w+)(?:,\s*(lsl)\s+#(\d+))?)?\](!?)(?:,\s*(#?-?\w+))?$")
_TARGET = re.compile(r"0x([0-9a-f]+)")
_SIZE = {"q": 16, "d": 8, "s": 4, "h": 2, "b": 1, "x": 8, "w": 4}
_ELEM = {"b": 1, "h": 2, "s": 4, "d": 8}


class Violation(Exception):
    """A property fails: kind is 'memory' or 'constant-time'."""

    def __init__(self, kind: str, addr: int, message: str):
        super().__init__(f"{kind}: at 0x{addr:x}: {message}")
        self.kind = kind


@dataclass
class Region:
    size: int
    writable: bool


@dataclass
class State:
    x: list = field(default_factory=list)       # 0..30, 31 zero, 32 sp
    v: list = field(default_factory=list)
    flags: tuple = (None, False)                 # (NZCV or None, secret)
    stack: dict = field(default_factory=dict)    # frame offset -> (what was stored, byte index)


def _split(operands: str) -> list:
    out = list(split_operands(operands))
    # a post-index offset belongs to its address: "[x0], #16"
    merged = []
    for op in out:
        if merged and merged[-1].endswith("]") and (op.startswith("#") or re.match(r"^[xw]\d+$", op)) \
                and merged[-1].startswith("["):
            merged[-1] += ", " + op
        else:
            merged.append(op)
    return merged


class Machine:
    def __init__(self, code, text: bytes, regions: dict, args: list):
        """code: {addr: Instruction}; regions: {'arg<i>': Region}; args: the
        initial value of x0..x7 (each a semantics value)."""
        self.code, self.text, self.regions = code, text, regions
        s = State()
        s.x = [sem.UNKNOWN] * 33
        for i, value in enumerate(args):
            s.x[i] = value
        for r in CALLEE_SAVED:
            s.x[r] = (f"x{r}", 0, False)
        s.x[30] = ("lr", 0, False)
        s.x[31] = (None, 0, False)
        s.x[32] = ("sp", 0, False)
        s.v = [(False, ("v", n)) for n in range(32)]
        self.s = s
        self.pc = min(code)
        self.reach = {name: 0 for name in regions}     # end of the furthest access to each

    # ---- values
    def gpr(self, name: str):
        n, width = sem.gpr_index(name)
        value = self.s.x[n]
        if width == 32 and value[0] is None and value[1] is not None:
            return (None, value[1] & 0xFFFFFFFF, value[2])
        if width == 32 and value[0] is not None:
            return (None, None, value[2])
        return value

    def set_gpr(self, name: str, value):
        n, width = sem.gpr_index(name)
        if n == 31:
            return
        if n == 18:
            # the platform register on Apple and Windows (AAPCS64 6.1.1)
            raise Violation("memory", self.pc, "x18, the platform register, written")
        if width == 32 and value[0] is None and value[1] is not None:
            value = (None, value[1] & 0xFFFFFFFF, value[2])
        elif width == 32 and value[0] is not None:
            value = (None, None, value[2])
        if n == 32:
            if value[0] != "sp" or value[1] is None:
                raise Violation("memory", self.pc, f"sp set to a non-frame value {value}")
        self.s.x[n] = value

    def operand(self, text: str, width: int):
        """A register, shifted register or immediate operand's value."""
        text = text.strip()
        if text.startswith("#"):
            return (None, sem.imm(text) & ((1 << width) - 1), False)
        return self.gpr(text)

    def public_number(self, name: str, use: str, ins) -> int:
        """The value of register name, which the instruction uses as use (an
        address index, a branch condition): it must be a known public number."""
        value = self.gpr(name)
        if value[2]:
            raise Violation("constant-time", ins.addr, f"{use} {name} depends on data")
        if value[0] is not None or value[1] is None:
            raise Violation("memory", ins.addr, f"{use} {name} not a known number")
        return value[1]

    # ---- memory
    def address(self, op: str, ins):
        """The address an address operand accesses (its base updated if the
        form writes back)."""
        m = _ADDR.match(op)
        if not m:
            raise Violation("memory", ins.addr, f"unparsed address {op!r}")
        base_name, offset, lsl, shift, pre, post = m.groups()
        base = self.gpr(base_name)
        if base[2]:
            raise Violation("constant-time", ins.addr, f"address base {base_name} depends on data")
        delta = 0
        if offset is not None:
            if offset.startswith("#"):
                delta = sem.imm(offset)
            else:
                delta = self.public_number(offset, "address index", ins) << (int(shift) if lsl else 0)
        access = _add(base, delta)
        writeback = None
        if pre:
            writeback = access
        elif post is not None:
            if post.startswith("#"):
                step = sem.imm(post)
            else:
                step = self.public_number(post, "post-index", ins)
            writeback = _add(base, step)
        if writeback is not None:
            self.set_gpr(base_name, writeback)
        return access

    def check(self, addr_value, size: int, store: bool):
        base, off, _ = addr_value
        if off is None:
            raise Violation("memory", self.pc, f"address {base}+? not a known offset")
        if base == "sp":
            if off < self.s.x[32][1] or off + size > 0:
                raise Violation("memory", self.pc, f"stack access [{off}, {off + size}) outside the frame "
                                f"[{self.s.x[32][1]}, 0)")
            return
        if base == "lit":
            if store or off < 0 or off + size > len(self.text):
                raise Violation("memory", self.pc, f"literal access [{off}, {off + size}) outside .text")
            return
        region = self.regions.get(base)
        if region is None:
            raise Violation("memory", self.pc, f"access through {base}, not an argument pointer")
        if off < 0 or off + size > region.size:
            raise Violation("memory", self.pc, f"{base} access [{off}, {off + size}) outside its "
                            f"{region.size} bytes")
        if store and not region.writable:
            raise Violation("memory", self.pc, f"store through const pointer {base}")
        self.reach[base] = max(self.reach[base], off + size)

    def load_bytes(self, addr_value, size: int):
        """(known integer or None, secret) of a load's value."""
        base, off, _ = addr_value
        if base == "lit":
            return int.from_bytes(self.text[off:off + size], "little"), False
        if base == "sp":
            slots = [self.s.stack.get(off + i) for i in range(size)]
            return slots, None
        return None, True

    # ---- run
    def run(self):
        handlers = _handlers()
        steps = 0
        while True:
            steps += 1
            if steps > MAX_STEPS:
                raise Violation("memory", self.pc, "step limit: a path does not return")
            ins = self.code.get(self.pc)
            if ins is None:
                raise Violation("memory", self.pc, "control reaches a non-instruction")
            if ins.mnemonic not in sem.DIT and ins.mnemonic not in sem.MEMORY_AND_CONTROL:
                raise Violation("constant-time", ins.addr, f"{ins.mnemonic} is not on the FEAT_DIT list")
            handler = handlers.get(ins.mnemonic)
            if handler is None:
                raise Violation("memory", ins.addr, f"no semantics for {ins.mnemonic} {ins.operands}")
            nxt = handler(self, ins, _split(ins.operands))
            if nxt == "ret":
                return steps
            self.pc = ins.addr + 4 if nxt is None else nxt

    def returned(self, ins):
        s = self.s
        if s.x[30] != ("lr", 0, False):
            raise Violation("memory", ins.addr, f"ret to {s.x[30]}, not the caller's link register")
        if s.x[32] != ("sp", 0, False):
            raise Violation("memory", ins.addr, f"sp not restored: {s.x[32]}")
        for r in range(19, 30):
            if s.x[r] != (f"x{r}", 0, False):
                raise Violation("memory", ins.addr, f"callee-saved x{r} not restored: {s.x[r]}")
        for n in range(8, 16):
            if s.v[n][1] not in (("v", n), ("d", n)):
                raise Violation("memory", ins.addr, f"callee-saved d{n} not restored")
        return "ret"


def _add(value, delta: int):
    base, off, secret = value
    if off is None:
        return value
    if base is None:
        return (None, (off + delta) & sem.MASK64, secret)
    return (base, off + delta, secret)


def _target(text: str) -> int:
    return int(_TARGET.search(text).group(1), 16)


# ---------------------------------------------------------------- handlers
def _width(name: str) -> int:
    return 32 if name.startswith("w") else 64


def _numbers(a, b) -> bool:
    """Whether both values are known numbers (not symbols, not unknown)."""
    return a[0] is None and b[0] is None and a[1] is not None and b[1] is not None


def _source_pair(m: Machine, ops, width: int):
    """The two source operands of a data-processing form, the second shifted
    if the form says so ("x2, lsl #4", "x3, ror #21")."""
    a = m.operand(ops[1], width)
    b = m.operand(ops[2], width)
    if len(ops) > 3:
        kind, amount = ops[3].split()
        b = (None, sem.shifted(b[1], kind, sem.imm(amount), width), b[2]) \
            if b[0] is None and b[1] is not None else (None, None, b[2])
    return a, b


def _h_addsub(m: Machine, ins, ops):
    mn = ins.mnemonic
    width = _width(ops[0]) if ops[0] != "sp" else 64
    a, b = _source_pair(m, ops, width)
    secret = a[2] or b[2]
    subtract = mn in ("sub", "subs", "cmp")
    result = (None, None, secret)
    flags = None
    if b[0] is None and b[1] is not None and a[1] is not None:
        if a[0] is None:
            value, flags = sem.add_with_carry(a[1], (~b[1] if subtract else b[1]) & ((1 << width) - 1),
                                              1 if subtract else 0, width)
            result = (None, value, secret)
        else:
            result = (a[0], a[1] + (-b[1] if subtract else b[1]), secret)
    elif a[0] is None and a[1] is not None and b[0] is not None and b[1] is not None and not subtract:
        result = (b[0], b[1] + a[1], secret)
    elif subtract and a[0] is not None and a[0] == b[0] and a[1] is not None and b[1] is not None:
        value, flags = sem.add_with_carry(a[1], ~b[1] & sem.MASK64, 1, 64)
        result = (None, value, secret)
    if mn in ("subs", "cmp", "adds"):
        m.s.flags = (flags, secret)
    if mn != "cmp":
        m.set_gpr(ops[0], result)


def _h_flags_only(m, ins, ops):
    """cmp and tst: subs and ands into the zero register."""
    zero = "xzr" if ops[0].startswith("x") else "wzr"
    (_h_logical if ins.mnemonic == "tst" else _h_addsub)(m, ins, [zero, *ops])


def _h_logical(m: Machine, ins, ops):
    mn = ins.mnemonic
    if ops[0].startswith("v"):
        return _h_vector(m, ins, ops)
    width = _width(ops[0])
    a, b = _source_pair(m, ops, width)
    op = {"tst": "and", "ands": "and"}.get(mn, mn)
    secret = a[2] or b[2]
    if _numbers(a, b):
        value = sem.logical(op, a[1], b[1], width)
        result = (None, value, secret)
        if mn in ("tst", "ands"):
            m.s.flags = ((value >> (width - 1), int(value == 0), 0, 0), secret)
    else:
        result = (None, None, secret)
        if mn in ("tst", "ands"):
            m.s.flags = (None, secret)
    if mn != "tst":
        m.set_gpr(ops[0], result)


def _h_shift(m: Machine, ins, ops):
    width = _width(ops[0])
    a, b = _source_pair(m, ops, width)
    if _numbers(a, b):
        kind = {"lsl": "lsl", "lsr": "lsr", "asr": "asr", "ror": "ror"}[ins.mnemonic]
        m.set_gpr(ops[0], (None, sem.shifted(a[1], kind, b[1] % width, width), a[2] or b[2]))
    else:
        m.set_gpr(ops[0], (None, None, a[2] or b[2]))


def _h_mul(m: Machine, ins, ops):
    width = _width(ops[0])
    a, b = _source_pair(m, ops, width)
    if _numbers(a, b):
        m.set_gpr(ops[0], (None, (a[1] * b[1]) & ((1 << width) - 1), a[2] or b[2]))
    else:
        m.set_gpr(ops[0], (None, None, a[2] or b[2]))


def _h_ubfx(m: Machine, ins, ops):
    a = m.operand(ops[1], _width(ops[0]))
    if a[0] is None and a[1] is not None:
        m.set_gpr(ops[0], (None, sem.ubfx(a[1], sem.imm(ops[2]), sem.imm(ops[3])), a[2]))
    else:
        m.set_gpr(ops[0], (None, None, a[2]))


def _h_mov(m: Machine, ins, ops):
    if "." in ops[0] or "." in ops[1]:
        return _h_vector(m, ins, ops)
    src = ops[1].split("//")[0].strip()
    m.set_gpr(ops[0], m.operand(src, _width(ops[0])))


def _h_adr(m: Machine, ins, ops):
    m.set_gpr(ops[0], ("lit", _target(ops[1]), False))


def _h_umov(m: Machine, ins, ops):
    n = sem.vector_registers(ops[1])[0]
    m.set_gpr(ops[0], (None, None, m.s.v[n][0]))


def _h_vector(m: Machine, ins, ops):
    mn = ins.mnemonic
    regs = sem.vector_registers(", ".join(ops))
    dest = regs[0]
    sources = regs if mn in sem.MERGING else regs[1:]
    secret = any(m.s.v[r][0] for r in sources)
    for op in ops[1:]:
        if re.match(r"^[wx]\d+$", op):
            secret = secret or m.gpr(op)[2]
    m.s.v[dest] = (secret, None)


def _access_size(mn: str, op0: str) -> int:
    if mn in ("ldrb", "strb"):
        return 1
    if mn in ("ldrh", "strh"):
        return 2
    return _SIZE[op0[0]]


def _h_ldst(m: Machine, ins, ops):
    mn = ins.mnemonic
    store = mn.startswith("st")
    pair = mn in ("ldp", "stp")
    regs = ops[:2] if pair else ops[:1]
    size = _access_size(mn, regs[0])
    addr_op = ops[-1]
    if not addr_op.startswith("["):            # literal: ldr q0, 0x2c0 <...>
        access = ("lit", _target(addr_op), False)
    else:
        access = m.address(addr_op, ins)
    m.check(access, size * len(regs), store)
    for i, reg in enumerate(regs):
        at = (access[0], access[1] + i * size, access[2])
        vector = reg[0] in "qdshb"
        number = int(reg[1:]) if vector else None
        if store:
            value = m.s.v[number] if vector else m.gpr(reg)
            if access[0] == "sp":
                tag = ("v", value, reg[0]) if vector else ("x", value, reg[0])
                for k in range(size):
                    m.s.stack[at[1] + k] = (tag, k)
            continue
        known, secret = m.load_bytes(at, size)
        if access[0] == "sp":
            value = _from_stack(known, vector, reg, size)
        elif vector:
            value = (secret, None)
        else:
            value = (None, known, secret)
        if vector:
            m.s.v[number] = value
        else:
            m.set_gpr(reg, value)


def _from_stack(slots, vector: bool, reg: str, size: int):
    """A stack load's value: the same register value stored whole at the same
    place comes back as itself (a d-register's origin as its low half); any
    other bytes are an unknown value, secret if any byte stored was."""
    first = slots[0]
    whole = first is not None and first[1] == 0 and all(
        s is not None and s[0] is first[0] and s[1] == k for k, s in enumerate(slots))
    stored_width = _SIZE[first[0][2]] if first is not None else 0
    if whole and stored_width == size:
        kind, value, _ = first[0]
        if vector and kind == "v":
            origin = value[1]
            if origin is not None and reg[0] == "d":
                origin = ("d", origin[1])
            return (value[0], origin)
        if not vector and kind == "x":
            return value
    secret = any(s is None or _slot_secret(s[0]) for s in slots)
    return (secret, None) if vector else (None, None, secret)


def _slot_secret(tag) -> bool:
    kind, value, _ = tag
    return value[0] if kind == "v" else value[2]


def _structure_size(ops: list, mn: str) -> int:
    """Bytes an ld1r/ld2/ld4/ld4r/st2/st4 transfers: its register list and form."""
    listing = ops[0]
    regs = re.findall(r"v\d+\.(\d*)([bhsd])", listing)
    count = len(regs)
    lanes, elem = regs[0]
    elem_size = _ELEM[elem]
    lane = "[" in listing.split("}")[1]
    if mn.endswith("r") or lane:
        return count * elem_size
    return count * elem_size * int(lanes)


def _h_struct(m: Machine, ins, ops):
    mn = ins.mnemonic
    store = mn.startswith("st")
    listing, addr_op = ops[0], ops[-1]
    access = m.address(addr_op, ins)
    m.check(access, _structure_size(ops, mn), store)
    regs = sem.vector_registers(listing)
    if store:
        return
    secret = access[0] != "lit"
    for r in regs:
        # a lane load keeps the other lanes: still secret if they were
        m.s.v[r] = (secret or ("[" in listing.split("}")[1] and m.s.v[r][0]), None)


def _h_branch_cond(m: Machine, ins, ops):
    cond = ins.mnemonic.split(".")[1]
    flags, secret = m.s.flags
    if secret:
        raise Violation("constant-time", ins.addr, f"b.{cond} on flags that depend on data")
    if flags is None:
        raise Violation("memory", ins.addr, f"b.{cond} on flags not known")
    return _target(ops[0]) if sem.condition_holds(cond, flags) else None


def _h_cbz(m: Machine, ins, ops):
    zero = m.public_number(ops[0], ins.mnemonic + " on", ins) == 0
    return _target(ops[1]) if zero == (ins.mnemonic == "cbz") else None


def _h_tbz(m: Machine, ins, ops):
    clear = not (m.public_number(ops[0], ins.mnemonic + " on", ins) >> sem.imm(ops[1])) & 1
    return _target(ops[2]) if clear == (ins.mnemonic == "tbz") else None


def _h_b(m, ins, ops):
    return _target(ops[0])


def _h_ret(m: Machine, ins, ops):
    return m.returned(ins)


def _h_nop(m, ins, ops):
    return None


def _h_pac(m: Machine, ins, ops):
    # PACIASP signs x30 with sp as modifier; AUTIASP authenticates it: the
    # pair is the identity on x30 when sp is the same at both
    lr = m.s.x[30]
    if ins.mnemonic == "paciasp":
        m.s.x[30] = ("pac", (lr, m.s.x[32]), False)
    else:
        if lr[0] != "pac" or lr[1][1] != m.s.x[32]:
            raise Violation("memory", ins.addr, "autiasp on a link register not signed at this sp")
        m.s.x[30] = lr[1][0]


_VECTOR_ONLY = ("tbl", "tbx", "pmul", "ushr", "shl", "sli", "sri", "ext", "zip1", "zip2", "uzp1", "uzp2",
                "trn1", "trn2", "dup", "movi", "ins", "rev32", "cmeq", "cmtst", "eor3", "bcax", "rax1",
                "xar", "aese", "aesmc")


def _handlers():
    table = {mn: _h_vector for mn in _VECTOR_ONLY}
    table.update({
        "add": _h_addsub_any, "sub": _h_addsub_any, "subs": _h_addsub, "adds": _h_addsub, "cmp": _h_flags_only,
        "and": _h_logical, "orr": _h_logical, "eor": _h_logical, "bic": _h_logical, "orn": _h_logical,
        "eon": _h_logical, "ands": _h_logical, "tst": _h_flags_only,
        "lsl": _h_shift, "lsr": _h_shift, "asr": _h_shift, "ror": _h_shift, "mul": _h_mul, "ubfx": _h_ubfx,
        "mov": _h_mov, "adr": _h_adr, "umov": _h_umov,
        "ldr": _h_ldst, "str": _h_ldst, "ldur": _h_ldst, "stur": _h_ldst, "ldp": _h_ldst, "stp": _h_ldst,
        "ldrb": _h_ldst, "strb": _h_ldst,
        "ld1r": _h_struct, "ld2": _h_struct, "ld4": _h_struct, "ld4r": _h_struct, "st2": _h_struct,
        "st4": _h_struct,
        "b": _h_b, "cbz": _h_cbz, "cbnz": _h_cbz, "tbz": _h_tbz, "tbnz": _h_tbz, "ret": _h_ret,
        "nop": _h_nop, "bti": _h_nop, "paciasp": _h_pac, "autiasp": _h_pac,
    })
    for cond in ("eq", "ne", "hs", "lo", "hi", "ls", "ge", "lt", "gt", "le", "mi", "pl", "cs", "cc"):
        table[f"b.{cond}"] = _h_branch_cond
    return table


def _h_addsub_any(m, ins, ops):
    if ops[0].startswith("v"):
        return _h_vector(m, ins, ops)
    return _h_addsub(m, ins, ops)
