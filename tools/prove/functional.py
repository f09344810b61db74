"""The bit-precise run of one kernel's object code: every register and memory
byte a bit-vector of GF(2) polynomials over the input bits
(tools/prove/algebra.py, tools/prove/vector.py), the public sizes and
pointers concrete, so control flow and addresses are numbers. The kernel's
writable operands after the run are compared with its specification
(tools/prove/specs.py) bit by bit, in normal form."""
from __future__ import annotations

import re
from dataclasses import dataclass

from tools.prove import aes
from tools.prove import semantics as sem
from tools.prove import vector as vec
from tools.prove.algebra import ONE, ZERO, Variables, vec_const, vec_value
from tools.prove.machine import _ADDR, _SIZE, _access_size, _split, _target

MAX_STEPS = 4_000_000
_VREG = re.compile(r"^v(\d+)\.(\d*)([bhsd])(?:\[(\d+)\])?$")
_SCALAR = re.compile(r"^([qdshb])(\d+)$")
_XREG = re.compile(r"^x\d+$")
_WATCHED_VREG = re.compile(r"^(v\d+\.|q\d+$)")
KECCAK_STATE = 200          # bytes


class Unsupported(Exception):
    """The run cannot go on: an instruction form without bit-precise
    semantics, or a value it needs concrete that is not."""


@dataclass(frozen=True)
class Ptr:
    base: str
    off: int


def _gpr(name):
    return sem.gpr_index(name)


class Run:
    def __init__(self, code, text: bytes, args: list, memory: dict, variables: Variables):
        """args: the initial x0..x7 (Ptr or int); memory: {region: [byte bit-vectors]}."""
        self.code, self.text, self.vars = code, text, variables
        self.x = [None] * 33
        for i, a in enumerate(args):
            self.x[i] = a if isinstance(a, Ptr) else vec_const(a, 64)
        self.x[30] = Ptr("lr", 0)
        self.x[31] = vec_const(0, 64)
        self.x[32] = Ptr("sp", 0)
        self.v = [None] * 32
        self.mem = {(region, i): b for region, data in memory.items() for i, b in enumerate(data)}
        self.flags = None
        self.pc = min(code)
        self.watch = None          # a value rewriter applied to every 64-bit result (tools/prove/rounds.py)

    # ---- registers
    def fresh(self, width):
        return self.vars.bits(width)

    def read_x(self, name):
        n, width = _gpr(name)
        value = self.x[n]
        if value is None:
            value = self.x[n] = self.fresh(64)
        if isinstance(value, Ptr):
            if width != 64:
                raise Unsupported(f"32-bit view of pointer {name}")
            return value
        return value[:width] + (ZERO,) * (64 - width)

    def write_x(self, name, value):
        n, width = _gpr(name)
        if n == 31:
            return
        if not isinstance(value, Ptr):
            value = tuple(value[:width]) + (ZERO,) * (64 - width)
        self.x[n] = value

    def number(self, name) -> int:
        value = self.read_x(name)
        if isinstance(value, Ptr):
            raise Unsupported(f"{name} is a pointer where a number is needed")
        got = vec_value(value)
        if got is None:
            raise Unsupported(f"{name} not concrete")
        return got

    def read_v(self, n):
        if self.v[n] is None:
            self.v[n] = self.fresh(128)
        return self.v[n]

    def operand_bits(self, text, width):
        text = text.strip()
        if text.startswith("#"):
            return vec_const(sem.imm(text) & ((1 << width) - 1), 64)
        value = self.read_x(text)
        if isinstance(value, Ptr):
            raise Unsupported(f"pointer {text} in a bitwise operation")
        return value

    # ---- memory
    def load(self, addr: Ptr, size: int) -> list:
        out = []
        for i in range(size):
            key = (addr.base, addr.off + i)
            if addr.base == "lit":
                out.append(vec_const(self.text[addr.off + i], 8))
            elif key in self.mem:
                out.append(self.mem[key])
            else:
                out.append(self.mem.setdefault(key, self.fresh(8)))
        return out

    def store(self, addr: Ptr, data: list):
        for i, b in enumerate(data):
            self.mem[(addr.base, addr.off + i)] = tuple(b)

    def address(self, op: str) -> Ptr:
        m = _ADDR.match(op)
        if not m:
            raise Unsupported(f"address {op!r}")
        base_name, offset, lsl, shift, pre, post = m.groups()
        base = self.read_x(base_name)
        if not isinstance(base, Ptr):
            raise Unsupported(f"address base {base_name} not a pointer")
        delta = 0
        if offset is not None:
            delta = sem.imm(offset) if offset.startswith("#") else self.number(offset) << (int(shift) if lsl else 0)
        access = Ptr(base.base, base.off + delta)
        if pre:
            self.write_x(base_name, access)
        elif post is not None:
            step = sem.imm(post) if post.startswith("#") else self.number(post)
            self.write_x(base_name, Ptr(base.base, base.off + step))
        return access

    def rewrite(self, ops):
        """The watch applied to the registers the instruction wrote."""
        for op in ops:
            if _XREG.match(op):
                n = int(op[1:])
                if self.x[n] and not isinstance(self.x[n], Ptr):
                    self.x[n] = self.watch(self.x[n])
            elif _WATCHED_VREG.match(op):
                n = vparse(op)[0]
                if self.v[n] is not None:
                    self.v[n] = self.watch(self.v[n][:64]) + self.watch(self.v[n][64:])

    # ---- run
    def run(self):
        table = handlers()
        for _ in range(MAX_STEPS):
            ins = self.code.get(self.pc)
            if ins is None:
                raise Unsupported(f"control reaches 0x{self.pc:x}, not an instruction")
            handler = table.get(ins.mnemonic)
            if handler is None:
                raise Unsupported(f"no bit-precise semantics for {ins.mnemonic} {ins.operands}")
            ops = _split(ins.operands)
            try:
                nxt = handler(self, ins.mnemonic, ops)
            except Unsupported as e:
                raise Unsupported(f"at 0x{ins.addr:x} {ins.mnemonic} {ins.operands}: {e}") from None
            if self.watch is not None:
                self.rewrite(ops[:2] if ins.mnemonic in ("ldp", "ldr", "ldur") else ops[:1])
            if nxt == "ret":
                return
            self.pc = ins.addr + 4 if nxt is None else nxt
        raise Unsupported("step limit")


# ------------------------------------------------------------ vector operands
def vparse(op: str):
    """(register, element bits, element count, index or None) of v1.16b, v1.s[2], q3, d4 ..."""
    m = _VREG.match(op)
    if m:
        n, count, kind, index = m.groups()
        esize = {"b": 8, "h": 16, "s": 32, "d": 64}[kind]
        return int(n), esize, int(count) if count else 1, None if index is None else int(index)
    m = _SCALAR.match(op)
    if m:
        return int(m.group(2)), 8 * _SIZE[m.group(1)], 1, None
    raise Unsupported(f"vector operand {op!r}")


def vlist(op: str) -> list:
    """The registers of a list {v1.16b, v2.16b} and the index after it."""
    inner, _, rest = op[1:].partition("}")
    regs = [vparse(r.strip()) for r in inner.split(",")]
    m = re.match(r"\[(\d+)\]", rest)
    return regs, None if not m else int(m.group(1))


def _width(op):
    n, esize, count, _ = vparse(op)
    return esize * count


def _elements(r: Run, op):
    n, esize, count, _ = vparse(op)
    return vec.lanes(r.read_v(n), esize, count), esize, count


def _element(r: Run, op):
    n, esize, _, index = vparse(op)
    return tuple(r.read_v(n)[esize * index:esize * (index + 1)])


def _set_v(r: Run, op, value):
    r.v[vparse(op)[0]] = tuple(value)


def _imm_of(ops, i):
    return sem.imm(ops[i])


# ------------------------------------------------------------ handlers
def h_vbitwise(r, mn, ops):
    width = _width(ops[0])
    fn = vec.BITWISE[mn]
    a, b = r.read_v(vparse(ops[1])[0]), r.read_v(vparse(ops[2])[0])
    _set_v(r, ops[0], vec.bitwise(fn, a, b, width=width))


def h_x_bitwise(r, mn, ops):
    if ops[0].startswith("v"):
        return h_vbitwise(r, mn, ops)
    width = 64 if ops[0][0] == "x" else 32
    a = r.operand_bits(ops[1], width)[:width]
    b = r.operand_bits(ops[2], width)[:width]
    if len(ops) > 3:
        kind, amount = ops[3].split()
        b = _shift(b, kind, sem.imm(amount))
    if mn in ("tst", "ands"):
        raise Unsupported("flags of data")
    r.write_x(ops[0], tuple(vec.BITWISE[mn](x, y) for x, y in zip(a, b)))


def _shift(bits, kind, amount):
    if kind == "lsl":
        return vec.shift_left(bits, amount)
    if kind == "lsr":
        return vec.shift_right(bits, amount)
    if kind == "ror":
        return vec.rotate_right(bits, amount)
    raise Unsupported(f"shift {kind}")


def h_shift(r, mn, ops):
    width = 64 if ops[0][0] == "x" else 32
    a = r.operand_bits(ops[1], width)[:width]
    amount = sem.imm(ops[2]) if ops[2].startswith("#") else r.number(ops[2]) % width
    r.write_x(ops[0], _shift(a, mn, amount))


def h_addsub(r, mn, ops):
    if ops[0].startswith("v"):
        n, esize, count, _ = vparse(ops[0])
        a, _, _ = _elements(r, ops[1])
        b, _, _ = _elements(r, ops[2])
        _set_v(r, ops[0], vec.join([vec.add(x, y) for x, y in zip(a, b)]))
        return
    width = 32 if ops[0][0] == "w" else 64
    a = r.read_x(ops[1]) if not ops[1].startswith("#") else vec_const(sem.imm(ops[1]), 64)
    if ops[2].startswith("#"):
        bval = sem.imm(ops[2])
        if len(ops) > 3 and ops[3].startswith("lsl"):
            bval <<= sem.imm(ops[3].split()[1])
        b = vec_const(bval, 64)
    else:
        b = r.read_x(ops[2])
        if len(ops) > 3:
            kind, amount = ops[3].split()
            if isinstance(b, Ptr):
                raise Unsupported("shifted pointer")
            b = _shift(b[:width], kind, sem.imm(amount)) + (ZERO,) * (64 - width)
    subtract = mn in ("sub", "subs", "cmp")
    if isinstance(a, Ptr) or isinstance(b, Ptr):
        if isinstance(a, Ptr) and isinstance(b, Ptr) and subtract and a.base == b.base:
            value = vec_const((a.off - b.off) & sem.MASK64, 64)
        elif isinstance(a, Ptr) and not isinstance(b, Ptr) and vec_value(b) is not None:
            value = Ptr(a.base, a.off + (-vec_value(b) if subtract else vec_value(b)))
        elif isinstance(b, Ptr) and not subtract and vec_value(a) is not None:
            value = Ptr(b.base, b.off + vec_value(a))
        else:
            raise Unsupported("pointer arithmetic")
        if mn in ("subs", "adds", "cmp"):
            raise Unsupported("flags of a pointer")
        if mn != "cmp":
            r.write_x(ops[0], value)
        return
    av, bv = vec_value(a[:width]), vec_value(b[:width])
    if av is not None and bv is not None:
        mask = (1 << width) - 1
        result, flags = sem.add_with_carry(av, (~bv if subtract else bv) & mask, 1 if subtract else 0, width)
        if mn in ("subs", "adds", "cmp"):
            r.flags = flags
        if mn != "cmp":
            r.write_x(ops[0], vec_const(result, 64))
        return
    if mn in ("subs", "adds", "cmp"):
        raise Unsupported("flags of data")
    if subtract:
        b = vec.add(tuple(x ^ ONE for x in b[:width]), vec_const(1, width))
    r.write_x(ops[0], vec.add(a[:width], b[:width]))


def h_flags_only(r, mn, ops):
    zero = "xzr" if ops[0].startswith("x") else "wzr"
    if mn == "tst":
        width = 64 if zero[0] == "x" else 32
        a, b = r.number(ops[0]), (sem.imm(ops[1]) if ops[1].startswith("#") else r.number(ops[1]))
        value = a & b & ((1 << width) - 1)
        r.flags = (value >> (width - 1), int(value == 0), 0, 0)
        return
    h_addsub(r, mn, [zero, *ops])


def h_mul(r, mn, ops):
    width = 64 if ops[0][0] == "x" else 32
    r.write_x(ops[0], vec_const((r.number(ops[1]) * r.number(ops[2])) & ((1 << width) - 1), 64))


def h_ubfx(r, mn, ops):
    width = 64 if ops[0][0] == "x" else 32
    a = r.operand_bits(ops[1], width)
    lsb, w = sem.imm(ops[2]), sem.imm(ops[3])
    r.write_x(ops[0], tuple(a[lsb:lsb + w]) + (ZERO,) * (64 - w))


def h_mov(r, mn, ops):
    if ops[0].startswith("v") and "[" in ops[0]:
        n, esize, _, index = vparse(ops[0])
        if ops[1][0] in "xw":
            value = r.operand_bits(ops[1], esize)[:esize]
        else:
            value = _element(r, ops[1])
        reg = list(r.read_v(n))
        reg[esize * index:esize * (index + 1)] = value
        r.v[n] = tuple(reg)
        return
    if ops[0].startswith("v"):
        width = _width(ops[0])
        _set_v(r, ops[0], vec.join([r.read_v(vparse(ops[1])[0])[:width]]))
        return
    if ops[1].startswith("v"):
        return h_umov(r, mn, ops)
    src = ops[1].split("//")[0].strip()
    if src.startswith("#"):
        r.write_x(ops[0], vec_const(sem.imm(src) & sem.MASK64, 64))
    else:
        r.write_x(ops[0], r.read_x(src))


def h_umov(r, mn, ops):
    value = _element(r, ops[1])
    r.write_x(ops[0], tuple(value) + (ZERO,) * (64 - len(value)))


def h_adr(r, mn, ops):
    r.write_x(ops[0], Ptr("lit", _target(ops[1])))


def h_movi(r, mn, ops):
    value = sem.imm(ops[1])
    if len(ops) > 2:
        kind, amount = ops[2].split()
        if kind != "lsl":
            raise Unsupported(f"movi {ops[2]}")
        value <<= sem.imm(amount)
    if ops[0][0] == "d" or ops[0].endswith(".2d"):
        # the 64-bit form's immediate is a byte mask, shown expanded
        element, esize, count = value, 64, 1 if ops[0][0] == "d" else 2
    else:
        _, esize, count, _ = vparse(ops[0])
        element = value
    _set_v(r, ops[0], vec.join([vec_const(element, esize)] * count))


def h_dup(r, mn, ops):
    _, esize, count, _ = vparse(ops[0])
    if ops[1][0] in "xw":
        value = r.operand_bits(ops[1], esize)[:esize]
    else:
        value = _element(r, ops[1])
    _set_v(r, ops[0], vec.join([tuple(value)] * count))


def h_ins(r, mn, ops):
    h_mov(r, mn, ops)


def h_vshift(r, mn, ops):
    d, esize, count = _elements(r, ops[0]) if mn in ("sri", "sli") else (None, *vparse(ops[0])[1:3])
    a, _, _ = _elements(r, ops[1])
    amount = sem.imm(ops[2])
    if mn == "ushr":
        out = [vec.ushr(e, amount) for e in a]
    elif mn == "shl":
        out = [vec.shl(e, amount) for e in a]
    elif mn == "sri":
        out = [vec.sri(x, e, amount) for x, e in zip(d, a)]
    else:
        out = [vec.sli(x, e, amount) for x, e in zip(d, a)]
    _set_v(r, ops[0], vec.join(out))


def h_pmul(r, mn, ops):
    a, _, _ = _elements(r, ops[1])
    b, _, _ = _elements(r, ops[2])
    _set_v(r, ops[0], vec.join([vec.pmul8(x, y) for x, y in zip(a, b)]))


def h_tbl(r, mn, ops):
    regs, _ = vlist(ops[1])
    tables = [r.read_v(n) for n, *_ in regs]
    _, _, count, _ = vparse(ops[0])
    idx = r.read_v(vparse(ops[2])[0])
    dest = r.read_v(vparse(ops[0])[0]) if mn == "tbx" else None
    _set_v(r, ops[0], vec.tbl(tables, idx, count, dest))


def h_permute(r, mn, ops):
    _, esize, count, _ = vparse(ops[0])
    a, b = r.read_v(vparse(ops[1])[0]), r.read_v(vparse(ops[2])[0])
    _set_v(r, ops[0], vec.permute(mn, a, b, esize, count))


def h_ext(r, mn, ops):
    _, _, count, _ = vparse(ops[0])
    a, b = r.read_v(vparse(ops[1])[0]), r.read_v(vparse(ops[2])[0])
    _set_v(r, ops[0], vec.ext(a, b, sem.imm(ops[3]), count))


def h_rev32(r, mn, ops):
    a, esize, count = _elements(r, ops[1])
    per = 32 // esize
    out = []
    for c in range(0, count, per):
        out += a[c:c + per][::-1]
    _set_v(r, ops[0], vec.join(out))


def h_compare(r, mn, ops):
    a, _, _ = _elements(r, ops[1])
    if ops[2].startswith("#"):
        b = [vec_const(sem.imm(ops[2]), len(a[0]))] * len(a)
    else:
        b, _, _ = _elements(r, ops[2])
    fn = vec.equal_mask if mn == "cmeq" else vec.test_mask
    _set_v(r, ops[0], vec.join([fn(x, y) for x, y in zip(a, b)]))


def h_aes(r, mn, ops):
    data = r.read_v(vparse(ops[0] if mn == "aese" else ops[1])[0])
    if mn == "aese":
        _set_v(r, ops[0], aes.aese(r.vars, data, r.read_v(vparse(ops[1])[0])))
    else:
        _set_v(r, ops[0], aes.aesmc(data))


def h_sha3(r, mn, ops):
    """EOR3, BCAX, RAX1, XAR (FEAT_SHA3)."""
    regs = [r.read_v(vparse(op)[0]) for op in ops[1:4] if op.startswith("v")]
    if mn == "eor3":
        out = vec.bitwise(lambda a, b, c: a ^ b ^ c, *regs)
    elif mn == "bcax":
        out = vec.bitwise(lambda a, b, c: a ^ vec.b_bic(b, c), *regs)
    elif mn == "rax1":
        a, b = (vec.lanes(x, 64, 2) for x in regs)
        out = vec.join([tuple(p ^ q for p, q in zip(x, vec.rotate_right(y, 63))) for x, y in zip(a, b)])
    else:
        a, b = (vec.lanes(x, 64, 2) for x in regs)
        amount = sem.imm(ops[3])
        out = vec.join([vec.rotate_right(tuple(p ^ q for p, q in zip(x, y)), amount) for x, y in zip(a, b)])
    _set_v(r, ops[0], out)


# ---- loads and stores
def _reg_bytes(r: Run, reg: str, size: int) -> list:
    if reg[0] in "xw":
        bits = r.read_x(reg)
        if isinstance(bits, Ptr):
            if reg[0] == "x" and r.x[_gpr(reg)[0]] is bits:
                return [("ptr", bits, k) for k in range(8)]
            raise Unsupported("pointer stored")
    else:
        bits = r.read_v(int(reg[1:]))
    return [tuple(bits[8 * k:8 * k + 8]) for k in range(size)]


def _write_reg(r: Run, reg: str, data: list):
    if data and data[0][0] == "ptr":
        r.write_x(reg, data[0][1])
        return
    bits = tuple(b for byte in data for b in byte)
    if reg[0] in "xw":
        r.write_x(reg, bits + (ZERO,) * (64 - len(bits)))
    else:
        r.v[int(reg[1:])] = vec.join([bits])


def h_ldst(r, mn, ops):
    store = mn.startswith("st")
    regs = ops[:2] if mn in ("ldp", "stp") else ops[:1]
    size = _access_size(mn, regs[0])
    addr_op = ops[-1]
    access = Ptr("lit", _target(addr_op)) if not addr_op.startswith("[") else r.address(addr_op)
    for i, reg in enumerate(regs):
        at = Ptr(access.base, access.off + i * size)
        if store:
            r.store(at, _reg_bytes(r, reg, size))
        else:
            data = _stack_ptr(r, at, size) or r.load(at, size)
            _write_reg(r, reg, data)


def _stack_ptr(r: Run, at: Ptr, size: int):
    first = r.mem.get((at.base, at.off))
    if size == 8 and first is not None and first[0] == "ptr":
        return [r.mem[(at.base, at.off + k)] for k in range(8)]
    return None


def h_struct(r, mn, ops):
    store = mn.startswith("st")
    regs, index = vlist(ops[0])
    count_regs = len(regs)
    esize, lanes = regs[0][1], regs[0][2]
    ebytes = esize // 8
    access = r.address(ops[-1])
    replicate = mn.endswith("r")
    if index is not None or replicate:
        positions = [(j, index) for j in range(count_regs)]
    else:
        positions = [(j, e) for e in range(lanes) for j in range(count_regs)]
    for slot, (j, e) in enumerate(positions):
        at = Ptr(access.base, access.off + slot * ebytes)
        n = regs[j][0]
        if store:
            reg = r.read_v(n)
            r.store(at, [tuple(reg[esize * e + 8 * k:esize * e + 8 * k + 8]) for k in range(ebytes)])
            continue
        bits = tuple(b for byte in r.load(at, ebytes) for b in byte)
        if replicate:
            r.v[n] = vec.join([bits] * lanes)
        elif index is not None:
            reg = list(r.read_v(n))
            reg[esize * e:esize * (e + 1)] = bits
            r.v[n] = tuple(reg)
        else:
            reg = list(r.v[n] if r.v[n] is not None and e else (ZERO,) * 128)
            reg[esize * e:esize * (e + 1)] = bits
            r.v[n] = vec.join([reg[:esize * lanes]])


# ---- control
def h_branch_cond(r, mn, ops):
    if r.flags is None:
        raise Unsupported("branch on unknown flags")
    return _target(ops[0]) if sem.condition_holds(mn.split(".")[1], r.flags) else None


def h_cbz(r, mn, ops):
    zero = r.number(ops[0]) == 0
    return _target(ops[1]) if zero == (mn == "cbz") else None


def h_tbz(r, mn, ops):
    clear = not (r.number(ops[0]) >> sem.imm(ops[1])) & 1
    return _target(ops[2]) if clear == (mn == "tbz") else None


def h_b(r, mn, ops):
    return _target(ops[0])


def h_ret(r, mn, ops):
    return "ret"


def h_nop(r, mn, ops):
    return None


def handlers() -> dict:
    table = {
        "eor": h_x_bitwise, "and": h_x_bitwise, "orr": h_x_bitwise, "bic": h_x_bitwise, "orn": h_x_bitwise,
        "eon": h_x_bitwise, "lsl": h_shift, "lsr": h_shift, "ror": h_shift,
        "add": h_addsub, "sub": h_addsub, "subs": h_addsub, "adds": h_addsub, "cmp": h_flags_only,
        "tst": h_flags_only, "mul": h_mul, "ubfx": h_ubfx, "mov": h_mov, "umov": h_umov, "adr": h_adr,
        "movi": h_movi, "dup": h_dup, "ins": h_ins, "ushr": h_vshift, "shl": h_vshift, "sri": h_vshift,
        "sli": h_vshift, "pmul": h_pmul, "tbl": h_tbl, "tbx": h_tbl, "ext": h_ext, "rev32": h_rev32,
        "cmeq": h_compare, "cmtst": h_compare, "eor3": h_sha3, "bcax": h_sha3, "rax1": h_sha3, "xar": h_sha3,
        "aese": h_aes, "aesmc": h_aes,
        "ldr": h_ldst, "str": h_ldst, "ldur": h_ldst, "stur": h_ldst, "ldp": h_ldst, "stp": h_ldst,
        "ldrb": h_ldst, "strb": h_ldst,
        "ld1r": h_struct, "ld2": h_struct, "ld4": h_struct, "ld4r": h_struct, "st2": h_struct, "st4": h_struct,
        "b": h_b, "cbz": h_cbz, "cbnz": h_cbz, "tbz": h_tbz, "tbnz": h_tbz, "ret": h_ret,
        "nop": h_nop, "bti": h_nop, "paciasp": h_nop, "autiasp": h_nop,
    }
    for mn in ("zip1", "zip2", "uzp1", "uzp2", "trn1", "trn2"):
        table[mn] = h_permute
    for cond in ("eq", "ne", "hs", "lo", "hi", "ls", "ge", "lt", "gt", "le", "mi", "pl", "cs", "cc"):
        table[f"b.{cond}"] = h_branch_cond
    return table


# kernels whose functional equivalence is not attempted, and why (docs/proofs.md)
OUT_OF_REACH = {"gf16_solve": "data-dependent pivoting by masks over up to 255 x 255 systems: no normal form of "
                              "the solution's bits within reach"}


def failure(code, header) -> str | None:
    """None when the kernel equals its specification at every instantiation
    of tools/prove/abi.py, else why not."""
    from tools.prove import abi
    from tools.prove.specs import has_spec
    name = code.name
    if name in OUT_OF_REACH:
        return OUT_OF_REACH[name]
    if name.startswith("keccakf1600"):
        size = abi.cases(name)[0][1]["s"]
        if size > 2 * KECCAK_STATE:
            return ("three or four interleaved states: the round-by-round run, with fresh variables for every "
                    "round of every state, needs more than 12 GB")
        return keccak_mismatch(code, size)
    if not has_spec(name):
        return "no functional specification"
    args = abi.prototypes(header)[name]
    for sizes, extents in abi.cases(name):
        try:
            wrong = mismatch(name, code, args, sizes, extents)
        except Unsupported as e:
            wrong = f"{e} (sizes {sizes})"
        if wrong:
            return wrong
    return None


def mismatch(name: str, code, args, sizes: dict, extents: dict):
    """None when the kernel's writable operands after the bit-precise run equal
    its specification's in normal form at these sizes, else the first
    difference found."""
    from tools.prove.specs import spec
    variables = Variables()
    initial, expected = spec(name, sizes, extents, variables)
    regs = []
    for arg in args:
        regs.append(Ptr(arg.name, 0) if arg.pointer else sizes[arg.name])
    run = Run(code.code, code.text, regs, initial, variables)
    run.run()
    for i, arg in enumerate(args):
        if not arg.pointer or arg.const:
            continue
        for off, want in enumerate(expected[arg.name]):
            got = run.mem[(arg.name, off)]
            if got != want:
                bit = next(k for k in range(8) if got[k] != want[k])
                return f"{arg.name}[{off}] bit {bit} differs from the specification (sizes {sizes})"
    return None


def keccak_mismatch(code, size: int):
    """None when the kernel is Keccak-f[1600] on each of its states (size
    bytes in all), round by round (tools/prove/rounds.py), else what is wrong."""
    from tools.prove.rounds import KeccakRounds
    variables = Variables()
    lanes = [variables.bits(64) for _ in range(size // 8)]
    states = [lanes[25 * i:25 * (i + 1)] for i in range(size // KECCAK_STATE)]
    memory = {"s": [lane[8 * k:8 * k + 8] for lane in lanes for k in range(8)]}
    rounds = KeccakRounds(states, variables)
    run = Run(code.code, code.text, [Ptr("s", 0)], memory, variables)
    run.watch = rounds.replace
    try:
        run.run()
    except Unsupported as e:
        return str(e)
    if not rounds.done():
        return f"rounds recognised per state {rounds.round}, not 24"
    for i, lane in enumerate(l for state in rounds.lanes for l in state):
        got = tuple(b for k in range(8) for b in run.mem[("s", 8 * i + k)])
        if got != lane:
            return f"lane {i % 25} of state {i // 25} is not the specification's after 24 rounds"
    return None
