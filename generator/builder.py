"""Kernel descriptions are written against this builder: each method appends one
AArch64 instruction on virtual registers to the current basic block and returns
the register it defines. Destructive instructions (AESE, SLI, INS, ...) update
their register in place, so the instruction list is not SSA; liveness and
allocation handle that."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .isa import GPR, VEC, Block, Imm, Instr, Label, Lane, Mem, MemPostReg, MemRegOffset, Reg, Table, TableLane, VReg


SP = 31     # register number of sp in an address (Mem renders it so)
ACCESS_BYTES = {"q": 16, "d": 8, "s": 4, "h": 2, "b": 1, "x": 8, "w": 4}


@dataclass
class Function:
    """A described kernel: its symbol, blocks on virtual registers, constant pool,
    and the bytes of stack it needs for locals (beyond saved registers)."""
    symbol: str
    params: list
    blocks: list
    constants: list = field(default_factory=list)   # (label, bytes)
    local_bytes: int = 0
    groups: list = field(default_factory=list)      # tuples of VRegs numbered consecutively
    link_register_free: bool = False                # x30 may hold values (the frame saves it)


class KernelBuilder:
    def __init__(self, symbol: str, params: list):
        self.symbol = symbol
        self.params = [VReg(GPR, name, fixed=i) for i, name in enumerate(params)]
        self.blocks = [Block(None)]
        self.constants = []
        self.local_bytes = 0
        self.groups = []
        self.link_register_free = False

    # --- registers, labels, constants -------------------------------------------------
    def v(self, hint: str = "t") -> VReg:
        return VReg(VEC, hint)

    def x(self, hint: str = "t") -> VReg:
        return VReg(GPR, hint)

    def local_label(self, name: str) -> str:
        """A label of the function's own, which snova_asm.h keeps out of the object's symbols."""
        return f"SNOVA_ASM_LOCAL({self.symbol}_{name})"

    def constant(self, name: str, data: bytes) -> str:
        """Adds read-only bytes after the function; returns their label."""
        label = self.local_label(name)
        self.constants.append((label, bytes(data)))
        return label

    def start_block(self, name: str, mca_region: Optional[str] = None) -> str:
        label = self.local_label(name)
        self.blocks.append(Block(label, mca_region=mca_region))
        return label

    def function(self) -> Function:
        return Function(self.symbol, self.params, self.blocks, self.constants, self.local_bytes, self.groups,
                        self.link_register_free)

    # --- emission ---------------------------------------------------------------------
    def emit(self, mnemonic, *operands, defs=(), uses=(), cls, **flags) -> Instr:
        instr = Instr(mnemonic, tuple(operands), tuple(defs), tuple(uses), cls, **flags)
        self.blocks[-1].instrs.append(instr)
        return instr

    # Vector arithmetic -----------------------------------------------------------------
    def vop(self, mnemonic, arr, a, b, cls, dst=None) -> VReg:
        """Three-register vector op with one arrangement: eor, and, pmul, add, zip1, ..."""
        dst = dst or self.v(mnemonic)
        self.emit(mnemonic, Reg(dst, arr), Reg(a, arr), Reg(b, arr), defs=[dst], uses=[a, b], cls=cls)
        return dst

    def eor(self, a, b, arr="16b", dst=None) -> VReg:
        return self.vop("eor", arr, a, b, "vec_logic", dst)

    def pmul(self, a, b, arr="16b", dst=None) -> VReg:
        return self.vop("pmul", arr, a, b, "vec_pmul", dst)

    def permute(self, mnemonic, a, b, arr="16b", dst=None) -> VReg:
        """zip1/zip2/uzp1/uzp2/trn1/trn2."""
        return self.vop(mnemonic, arr, a, b, "vec_zip", dst)

    def shift(self, mnemonic, a, amount, arr="16b", dst=None) -> VReg:
        """ushr/shl/sshr by an immediate."""
        dst = dst or self.v(mnemonic)
        self.emit(mnemonic, Reg(dst, arr), Reg(a, arr), Imm(amount), defs=[dst], uses=[a], cls="vec_shift")
        return dst

    def tbl(self, table, index, arr="16b", dst=None) -> VReg:
        """tbl with a one-register table, or with a list of 2 to 4 registers that is a
        slice of a register group (see group())."""
        members = tuple(table) if isinstance(table, (list, tuple)) else (table,)
        dst = dst or self.v("tbl")
        self.emit("tbl", Reg(dst, arr), Table(members), Reg(index, arr), defs=[dst], uses=[*members, index],
                  cls=f"vec_tbl{len(members)}")
        return dst

    def group(self, regs):
        """Registers the allocator must number consecutively (a multi-register TBL table)."""
        self.groups.append(tuple(regs))

    def dup_elem(self, src, size, index, arr, dst=None) -> VReg:
        """dup v.<arr>, src.<size>[index]: one element broadcast to every lane."""
        dst = dst or self.v("dup")
        self.emit("dup", Reg(dst, arr), Lane(src, size, index), defs=[dst], uses=[src], cls="vec_dup_elem")
        return dst

    def movi(self, value, arr="16b", dst=None) -> VReg:
        dst = dst or self.v("movi")
        self.emit("movi", Reg(dst, arr), Imm(value), defs=[dst], cls="vec_movi")
        return dst

    def ins_gpr(self, vec, size, index, gpr):
        """ins vec.<size>[index], w: vec keeps its other lanes, so it is read and written."""
        self.emit("mov", Lane(vec, size, index), Reg(gpr, "w"), defs=[vec], uses=[vec, gpr], cls="vec_ins_gpr")

    def umov(self, vec, size, index, dst=None) -> VReg:
        dst = dst or self.x("lane")
        self.emit("umov", Reg(dst, "w"), Lane(vec, size, index), defs=[dst], uses=[vec], cls="vec_umov")
        return dst

    # Loads and stores ------------------------------------------------------------------
    def address(self, view, base, offset):
        """(base, offset) for an access of `view` at base + offset: as given when an
        ldr/str (a multiple of the access size, below 4096 of them) or ldur/stur
        (-256..255) encodes it, else from a new base register (add)."""
        size = ACCESS_BYTES[view]
        if (offset >= 0 and offset % size == 0 and offset // size < 4096) or -256 <= offset <= 255:
            return base, offset
        return self.gop_imm("add", "x", base, offset), 0

    def load(self, view, base, offset=0, dst=None) -> VReg:
        """ldr with a scalar view: 'q'/'d'/'s' load a vector register (upper lanes zeroed),
        'w'/'x' a general one. An offset that is not a multiple of the access size
        takes the unscaled form, ldur (-256..255); one neither encodes, an add."""
        gpr = view in ("w", "x")
        dst = dst or (self.x("ld") if gpr else self.v("ld"))
        base, offset = self.address(view, base, offset)
        scaled = offset >= 0 and offset % ACCESS_BYTES[view] == 0
        self.emit("ldr" if scaled else "ldur", Reg(dst, view), Mem(base, offset), defs=[dst], uses=[base],
                  cls="load_gpr" if gpr else "load_vec", mem="load")
        return dst

    def load_post(self, view, base, step, dst=None) -> VReg:
        """ldr of a vector register with post-index writeback: loads at base, then
        base += step (-256..255)."""
        dst = dst or self.v("ld")
        self.emit("ldr", Reg(dst, view), Mem(base, step, post=True), defs=[dst, base], uses=[base],
                  cls="load_vec", mem="load")
        return dst

    def load_literal(self, view, label, dst=None) -> VReg:
        """PC-relative ldr of a constant placed after the function (label may add a
        byte offset, "name+8"): no address register."""
        gpr = view in ("w", "x")
        dst = dst or (self.x("lit") if gpr else self.v("lit"))
        self.emit("ldr", Reg(dst, view), Label(label), defs=[dst], cls="load_gpr" if gpr else "load_vec",
                  mem="load")
        return dst

    def load_indexed(self, view, base, offset, dst=None) -> VReg:
        """ldr of a vector register from base + a register offset."""
        dst = dst or self.v("ld")
        self.emit("ldr", Reg(dst, view), MemRegOffset(base, offset), defs=[dst], uses=[base, offset],
                  cls="load_vec", mem="load")
        return dst

    def load_replicated(self, arr, base, dst=None) -> VReg:
        """ld1r: one element at base copied into every lane of arrangement arr."""
        dst = dst or self.v("ld1r")
        self.emit("ld1r", Table((dst,), arr), Mem(base), defs=[dst], uses=[base], cls="load_vec_lane", mem="load")
        return dst

    def load_byte(self, base, offset=0, dst=None) -> VReg:
        dst = dst or self.x("ldb")
        self.emit("ldrb", Reg(dst, "w"), Mem(base, offset), defs=[dst], uses=[base], cls="load_gpr", mem="load")
        return dst

    def load_pair(self, view, base, offset=0):
        """ldp of two registers with a scalar view: two constants in one load."""
        gpr = view in ("w", "x")
        first, second = (self.x("ldp"), self.x("ldp")) if gpr else (self.v("ldp"), self.v("ldp"))
        self.emit("ldp", Reg(first, view), Reg(second, view), Mem(base, offset), defs=[first, second],
                  uses=[base], cls="load_gpr" if gpr else "load_vec_pair", mem="load")
        return first, second

    def store(self, view, src, base, offset=0):
        """str at any offset (assemblers take str for stur's offsets; one neither
        encodes gets an add first). A 16-byte store in stur's range is written
        stur: Cortex-A57/A72 crack str q into three uops, stur q into two."""
        gpr = view in ("w", "x")
        base, offset = self.address(view, base, offset)
        mnemonic = "stur" if view == "q" and -256 <= offset <= 255 else "str"
        self.emit(mnemonic, Reg(src, view), Mem(base, offset), uses=[src, base],
                  cls="store_gpr" if gpr else "store_vec", mem="store")

    def store_byte(self, src, base, offset=0):
        self.emit("strb", Reg(src, "w"), Mem(base, offset), uses=[src, base], cls="store_gpr", mem="store")

    # General registers -----------------------------------------------------------------
    def gop(self, mnemonic, view, a, b, dst=None) -> VReg:
        """Three-register general op: eor, add, and, ..."""
        dst = dst or self.x(mnemonic)
        self.emit(mnemonic, Reg(dst, view), Reg(a, view), Reg(b, view), defs=[dst], uses=[a, b], cls="gpr_alu")
        return dst

    def adr(self, label, dst=None) -> VReg:
        dst = dst or self.x("adr")
        self.emit("adr", Reg(dst, "x"), Label(label), defs=[dst], cls="gpr_addr")
        return dst

    def ret(self):
        self.emit("ret", cls="branch", is_branch=True, falls_through=False)

    # --- loops, AES and counter arithmetic (used by kernels/aes.py) ----------------------
    def block_label(self, name: str) -> str:
        """The label start_block(name) gives its block: lets a branch name a block
        that is started later (a forward branch)."""
        return self.local_label(name)

    def vadd(self, a, b, arr="4s", dst=None) -> VReg:
        """Lane-wise integer add (add v.4s): modulo 2^32 per lane, no carry between lanes."""
        return self.vop("add", arr, a, b, "vec_alu", dst)

    def rev32(self, a, arr="16b", dst=None) -> VReg:
        """Byte order reversed inside every 32-bit lane."""
        dst = dst or self.v("rev32")
        self.emit("rev32", Reg(dst, arr), Reg(a, arr), defs=[dst], uses=[a], cls="vec_rev")
        return dst

    def ext(self, a, b, index, dst=None) -> VReg:
        """ext v.16b: bytes index..15 of a followed by bytes 0..index-1 of b."""
        dst = dst or self.v("ext")
        self.emit("ext", Reg(dst, "16b"), Reg(a, "16b"), Reg(b, "16b"), Imm(index), defs=[dst], uses=[a, b],
                  cls="vec_ext")
        return dst

    def aese(self, state, key):
        """state = SubBytes(ShiftRows(state ^ key)), in place."""
        self.emit("aese", Reg(state, "16b"), Reg(key, "16b"), defs=[state], uses=[state, key], cls="aese")
        return state

    def aesmc(self, state, fuse_with_prev=False):
        """state = MixColumns(state), in place. fuse_with_prev: the caller has just
        emitted the AESE that produces `state`, and the two must stay adjacent."""
        self.emit("aesmc", Reg(state, "16b"), Reg(state, "16b"), defs=[state], uses=[state], cls="aesmc",
                  fuse_with_prev=fuse_with_prev)
        return state

    def aes_round(self, state, key):
        """One full AES round but the final AddRoundKey (which the next AESE does):
        an AESE+AESMC pair kept adjacent through scheduling, so cores that fuse
        the pair can."""
        self.aese(state, key)
        return self.aesmc(state, fuse_with_prev=True)

    def load_q_pair(self, base, offset=0):
        """ldp q, q: two 16-byte values in one load."""
        return self.load_pair("q", base, offset)

    def store_post(self, view, src, base, step):
        """str with post-index writeback: stores at base, then base += step."""
        gpr = view in ("w", "x")
        self.emit("str", Reg(src, view), Mem(base, step, post=True), defs=[base], uses=[src, base],
                  cls="store_gpr" if gpr else "store_vec", mem="store")

    def store_pair(self, view, first, second, base, offset=0, post=False):
        """stp of two registers at [base, #offset]; with post=True at [base], then base += offset."""
        gpr = view in ("w", "x")
        self.emit("stp", Reg(first, view), Reg(second, view), Mem(base, offset, post=post),
                  defs=[base] if post else [], uses=[first, second, base],
                  cls="store_gpr" if gpr else "store_vec", mem="store")

    def store_unscaled(self, view, src, base, offset):
        """stur: a store at any offset in -256..255, negative ones included."""
        gpr = view in ("w", "x")
        self.emit("stur", Reg(src, view), Mem(base, offset), uses=[src, base],
                  cls="store_gpr" if gpr else "store_vec", mem="store")

    def gop_imm(self, mnemonic, view, a, imm, dst=None, sets_flags=False) -> VReg:
        """General op with an immediate: add, sub, subs, and, lsr, ..."""
        dst = dst or self.x(mnemonic)
        self.emit(mnemonic, Reg(dst, view), Reg(a, view), Imm(imm), defs=[dst], uses=[a],
                  cls="gpr_cmp" if sets_flags else "gpr_alu", sets_flags=sets_flags)
        return dst

    def ubfx(self, a, lsb, width, dst=None) -> VReg:
        """Bits lsb .. lsb+width-1 of a, zero-extended."""
        dst = dst or self.x("ubfx")
        self.emit("ubfx", Reg(dst, "x"), Reg(a, "x"), Imm(lsb), Imm(width), defs=[dst], uses=[a], cls="gpr_alu")
        return dst

    def tst_imm(self, a, imm):
        """Flags from a & imm (a logical immediate)."""
        self.emit("tst", Reg(a, "x"), Imm(imm), uses=[a], cls="gpr_cmp", sets_flags=True)

    def b(self, label):
        self.emit("b", Label(label), cls="branch", is_branch=True, target=label, falls_through=False)

    def b_cond(self, cond, label):
        """b.<cond> on the flags, e.g. cond='ne'."""
        self.emit(f"b.{cond}", Label(label), cls="branch", is_branch=True, target=label, reads_flags=True)

    def cbz(self, reg, label, nonzero=False):
        """cbz (cbnz with nonzero=True) on a whole X register."""
        self.emit("cbnz" if nonzero else "cbz", Reg(reg, "x"), Label(label), uses=[reg], cls="branch",
                  is_branch=True, target=label)

    def tbz(self, reg, bit, label, nonzero=False):
        """tbz (tbnz with nonzero=True): branch when bit `bit` of reg is clear (set)."""
        self.emit("tbnz" if nonzero else "tbz", Reg(reg, "x"), Imm(bit), Label(label), uses=[reg],
                  cls="branch", is_branch=True, target=label)

    def pinned_v(self, number: int) -> VReg:
        """The vector register v<number> itself (e.g. to wipe every register)."""
        return VReg(VEC, f"v{number}", fixed=number)

    # --- Gaussian elimination (used by kernels/gauss.py) ---------------------------------
    def pinned_x(self, number: int) -> VReg:
        """The general register x<number> itself (e.g. x0 for a return value)."""
        return VReg(GPR, f"x{number}", fixed=number)

    def mov_imm(self, value, dst=None) -> VReg:
        """mov x, #value (a MOVZ immediate)."""
        dst = dst or self.x("imm")
        self.emit("mov", Reg(dst, "x"), Imm(value), defs=[dst], cls="gpr_alu")
        return dst

    def mov_x(self, src, dst=None) -> VReg:
        """A copy of a general register (mov x, x)."""
        dst = dst or self.x("mov")
        self.emit("mov", Reg(dst, "x"), Reg(src, "x"), defs=[dst], uses=[src], cls="gpr_alu")
        return dst

    def cmp(self, a, b):
        """Flags from a - b (X registers)."""
        self.emit("cmp", Reg(a, "x"), Reg(b, "x"), uses=[a, b], cls="gpr_cmp", sets_flags=True)

    def load_replicated_post(self, arr, base, step, dst=None) -> VReg:
        """ld1r {v.<arr>}, [base], step: the element at base in every lane, then
        base += step (a register)."""
        dst = dst or self.v("ld1r")
        self.emit("ld1r", Table((dst,), arr), MemPostReg(base, step), defs=[dst, base], uses=[base, step],
                  cls="load_vec_lane", mem="load")
        return dst

    def store_indexed(self, view, src, base, offset):
        """str of a vector register at base + a register offset."""
        self.emit("str", Reg(src, view), MemRegOffset(base, offset), uses=[src, base, offset],
                  cls="store_vec", mem="store")

    def cmeq_zero(self, a, arr="16b", dst=None) -> VReg:
        """cmeq v, a, #0: all ones in the lanes where a is zero, zero elsewhere."""
        dst = dst or self.v("cmeq")
        self.emit("cmeq", Reg(dst, arr), Reg(a, arr), Imm(0), defs=[dst], uses=[a], cls="vec_alu")
        return dst

    # --- Keccak on general registers (used by kernels/keccak.py) ---------------------------
    def gop_ror(self, mnemonic, a, b, rot, dst=None) -> VReg:
        """mnemonic xd, a, b, ror #rot: eor, bic, orn or eon with b rotated right by rot
        bits on the way in (rot 0: the plain form, which some cores issue more freely)."""
        rot %= 64
        if not rot:
            return self.gop(mnemonic, "x", a, b, dst)
        dst = dst or self.x(mnemonic)
        self.emit(mnemonic, Reg(dst, "x"), Reg(a, "x"), Reg(b, "x"), Imm(rot, f"ror #{rot}"), defs=[dst],
                  uses=[a, b], cls="gpr_alu_shift", shifted_use=b)
        return dst

    def ror(self, a, rot, dst=None) -> VReg:
        """ror xd, xn, #rot (an EXTR of xn with itself)."""
        dst = dst or self.x("ror")
        self.emit("ror", Reg(dst, "x"), Reg(a, "x"), Imm(rot % 64), defs=[dst], uses=[a], cls="gpr_ror",
                  shifted_use=a)
        return dst

    def free_link_register(self):
        """Lets the allocator use x30 too: the frame saves it and restores it before ret."""
        self.link_register_free = True

    def stack_slot(self, size=8) -> int:
        """Reserves size bytes of the frame's local area; returns their offset from sp."""
        offset = self.local_bytes
        self.local_bytes += size
        return offset

    def spill(self, reg, offset):
        """str x, [sp, #offset] into a stack_slot()."""
        sp = self.pinned_x(SP)
        self.emit("str", Reg(reg, "x"), Mem(sp, offset), uses=[reg, sp], cls="store_gpr", mem="store")

    def reload(self, offset, dst=None) -> VReg:
        dst, sp = dst or self.x("reload"), self.pinned_x(SP)
        self.emit("ldr", Reg(dst, "x"), Mem(sp, offset), defs=[dst], uses=[sp], cls="load_gpr", mem="load")
        return dst

    # --- Keccak on vector registers (used by kernels/keccak_simd.py) -----------------------
    def shift_insert(self, mnemonic, dst, src, amount, arr="2d") -> VReg:
        """sri/sli: src shifted right/left by amount, inserted into dst, whose other
        bits stay (dst is read and written)."""
        self.emit(mnemonic, Reg(dst, arr), Reg(src, arr), Imm(amount), defs=[dst], uses=[dst, src],
                  cls="vec_shift")
        return dst

    def sha3(self, mnemonic, *srcs, imm=None, dst=None) -> VReg:
        """FEAT_SHA3: eor3 / bcax on three .16b sources, rax1 / xar on two .2d ones
        (xar with its rotate-right immediate)."""
        arr = "16b" if len(srcs) == 3 else "2d"
        dst = dst or self.v(mnemonic)
        operands = [Reg(dst, arr), *(Reg(s, arr) for s in srcs), *([Imm(imm)] if imm is not None else [])]
        self.emit(mnemonic, *operands, defs=[dst], uses=list(srcs), cls="vec_sha3")
        return dst

    def load_replicated_step(self, arr, base, step, dst=None) -> VReg:
        """ld1r {v.<arr>}, [base], #step: the element at base in every lane, then base += step."""
        dst = dst or self.v("ld1r")
        self.emit("ld1r", Table((dst,), arr), Mem(base, step, post=True), defs=[dst, base], uses=[base],
                  cls="load_vec_lane", mem="load")
        return dst

    # --- four-element structures (used by kernels/tables.py) ----------------------------
    def load2(self, base, post=0, arr="4s"):
        """ld2 {a.4s, b.4s}, [base]: 8 words de-interleaved, word 2i into lane i of a
        and word 2i + 1 into lane i of b; post: base += post afterwards (32). A
        register group."""
        regs = [self.v("ld2") for _ in range(2)]
        self.group(regs)
        self.emit("ld2", Table(tuple(regs), arr), Mem(base, post, post=bool(post)),
                  defs=regs + ([base] if post else []), uses=[base], cls="load_vec_multi", mem="load")
        return regs

    def load4(self, base, post=0, arr="4s"):
        """ld4 {a.4s, b.4s, c.4s, d.4s}, [base]: 16 words de-interleaved, word 4i+m into
        lane i of register m (arr "16b": 64 bytes, byte 4i+m); post: base += post
        afterwards (64). Returns the four registers, a register group."""
        regs = [self.v("ld4") for _ in range(4)]
        self.group(regs)
        self.emit("ld4", Table(tuple(regs), arr), Mem(base, post, post=bool(post)),
                  defs=regs + ([base] if post else []), uses=[base], cls="load_vec_multi", mem="load")
        return regs

    def load4_replicated(self, base, post=0, arr="4s"):
        """ld4r {a.4s, b.4s, c.4s, d.4s}, [base]: word m of the 16 bytes at base in every
        lane of register m (arr "16b": byte m of the 4 bytes at base); post: base +=
        post afterwards (16, 4). A register group."""
        regs = [self.v("ld4r") for _ in range(4)]
        self.group(regs)
        self.emit("ld4r", Table(tuple(regs), arr), Mem(base, post, post=bool(post)),
                  defs=regs + ([base] if post else []), uses=[base], cls="load_vec_lane", mem="load")
        return regs

    def load4_lane(self, regs, index, base, post=0, size="s"):
        """ld4 {a.s, b.s, c.s, d.s}[index], [base]: word m of the 16 bytes at base into
        lane `index` of register m (the other lanes stay; size "b": byte m of the 4
        bytes at base); post: base += post (16, 4)."""
        self.emit("ld4", TableLane(tuple(regs), size, index), Mem(base, post, post=bool(post)),
                  defs=list(regs) + ([base] if post else []), uses=[*regs, base], cls="load_vec_lane", mem="load")

    def store2(self, regs, base, arr="16b", post=0):
        """st2 {a.<arr>, b.<arr>}, [base]: the two registers' lanes interleaved (a's
        lane i at 2i, b's at 2i + 1), a register group; post: base += post afterwards."""
        self.group(regs)
        self.emit("st2", Table(tuple(regs), arr), Mem(base, post, post=bool(post)),
                  defs=[base] if post else [], uses=[*regs, base], cls="store_vec", mem="store")

    def store4(self, regs, base):
        """st4 {a.4s, b.4s, c.4s, d.4s}, [base]: the inverse of load4."""
        self.emit("st4", Table(tuple(regs), "4s"), Mem(base), uses=[*regs, base], cls="store_vec", mem="store")

    def store4_lane(self, regs, index, base, post=0):
        """st4 {a.s, b.s, c.s, d.s}[index], [base]: lane `index` of the four registers to
        the 16 bytes at base; post: base += post (16)."""
        self.emit("st4", TableLane(tuple(regs), "s", index), Mem(base, post, post=bool(post)),
                  defs=[base] if post else [], uses=[*regs, base], cls="store_vec_lane", mem="store")
