"""The coefficient block of SNOVA's signing system, for one equation i and one
oil index c: with r = (ra, rb) and v = (ve, vf) ranging over the l·l entries of
an l×l matrix,

    coef[r][v] = Σ_a  lx_a[ra][ve]·B_a[vf][rb]  ⊕  A_a[ra][vf]·rx_a[ve][rb]

for a = 0 .. l²-1, where lx_a, rx_a are the left and right factors the signer
computed for a, and A_a, B_a the public matrices. The reference evaluates this
with 2·l⁶ scalar products; here every product of the sum is formed 16 at a
time: the l⁴ entries of coef are cut into 16-byte chunks, and for each chunk
TBL gathers the left and right factor of each term (index vectors from a
literal pool), PMUL multiplies, EOR accumulates. Sums stay unreduced (at most
7 bits) across all a and are reduced once. Chunks are handled a few at a time
so their accumulators and index vectors fit the register file; the inputs are
reloaded for each group. Constant time: no address or branch depends on data.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .matrix import POLY, Replicator, Tbl, load_held, load_piece, pieces, recipe, reduce_mod_poly, store_piece

CHUNK = 16
# Chunks per pass: accumulators + 4 index vectors per chunk + the four matrices
# of one a and their gathered factors must fit in 32 vector registers.
CHUNKS_PER_PASS = 4


def gather_indices(rank):
    """Per chunk of coef, the four TBL index vectors (lx, B, A, rx) that gather the
    factors of each entry's two terms; lanes past the end select nothing (0xff)."""
    lsq = rank * rank
    n = lsq * lsq
    chunks = []
    for start in range(0, n, CHUNK):
        cols = {"lx": [], "B": [], "A": [], "rx": []}
        for e in range(start, min(start + CHUNK, n)):
            r, v = divmod(e, lsq)
            ra, rb = divmod(r, rank)
            ve, vf = divmod(v, rank)
            cols["lx"].append(ra * rank + ve)
            cols["B"].append(vf * rank + rb)
            cols["A"].append(ra * rank + vf)
            cols["rx"].append(ve * rank + rb)
        chunks.append([bytes(cols[k]).ljust(CHUNK, b"\xff") for k in ("lx", "B", "A", "rx")])
    return chunks


def store_chunk(b, vec, ptr, offset, count):
    """Stores the first `count` bytes of vec (16, or the 1-byte tail of rank 3)."""
    if count == CHUNK:
        b.store("q", vec, ptr, offset)
    elif count == 1:
        b.store_byte(b.umov(vec, "b", 0), ptr, offset)
    else:
        raise ValueError(f"no store shape for {count} bytes")


def describe_linsys_coeffs(b, rank):
    coef_ptr, lx_ptr, bm_ptr, am_ptr, rx_ptr = b.params
    lsq = rank * rank
    n = lsq * lsq
    chunks = gather_indices(rank)
    matrix = pieces(lsq)[0]
    for first in range(0, len(chunks), CHUNKS_PER_PASS):
        group = range(first, min(first + CHUNKS_PER_PASS, len(chunks)))
        index = {k: [b.load_literal("q", b.constant(f"gather{k}_{m}", chunks[k][m])) for m in range(4)]
                 for k in group}
        acc = {}
        for a in range(lsq):
            lx, bm, am, rx = (load_piece(b, p, matrix, a * lsq) for p in (lx_ptr, bm_ptr, am_ptr, rx_ptr))
            for k in group:
                ilx, ib, ia, irx = index[k]
                term = b.eor(b.pmul(b.tbl(lx, ilx), b.tbl(bm, ib)), b.pmul(b.tbl(am, ia), b.tbl(rx, irx)))
                acc[k] = b.eor(acc[k], term) if k in acc else term
        for k in group:
            store_chunk(b, reduce_mod_poly(b, acc[k], "16b"), coef_ptr, k * CHUNK, min(CHUNK, n - k * CHUNK))
    b.ret()


# --- SNOVA Round 3: l×r blocks ----------------------------------------------------------
#
# With r ≠ l the block is (l·r)×(l·r): coef[ra·l+rb][ve·r+vf] for ra, vf < r and
# rb, ve < l, over a run-time count of terms, where lx_a and B_a are r×l, A_a is
# r×r and rx_a is l×l. Along one row of coef (ra, rb fixed) the two factors of
# each term depend on ra alone or on rb alone:
#     lx_a[ra][ve]  (lx's row ra, each element repeated over vf)
#     B_a[vf][rb]   (B's column rb, repeated over ve)
#     A_a[ra][vf]   (A's row ra, repeated over ve)
#     rx_a[ve][rb]  (rx's column rb, each element repeated over vf)
# so a row piece costs two PMULs per a, and its four factors are shared: the
# ra ones by the l rows of a block row, the rb ones by the r rows with that rb.
# Row pieces are those of a matrix of l·r bytes (matrix.pieces). A pass holds
# the sums of one piece column for a group of ra and every rb in registers and
# loops over a; the ra factors are made once per a, the rb factors once per a
# and rb. Sums are reduced once, at the end of the pass, and stored (coef is
# overwritten, so passes whose pieces overlap store the same values).

PAIR_REGISTERS = 32


@dataclass(frozen=True)
class PairFactors:
    """Recipes of the four factors of row pieces, for one (l, r)."""
    l: int
    r: int

    @cached_property
    def row(self):
        return pieces(self.l * self.r)

    @cached_property
    def layouts(self):
        """lx, B, A, rx: where each input matrix's bytes sit in registers."""
        l, r = self.l, self.r
        return {"lx": pieces(r * l), "B": pieces(r * l), "A": pieces(r * r), "rx": pieces(l * l)}

    def need(self, name, c, fixed):
        """The input byte each lane of row piece c needs, for the factor `name`
        with ra (lx, A) or rb (B, rx) = fixed."""
        l, r, pc = self.l, self.r, self.row[c]
        byte = {"lx": lambda ve, vf: fixed * l + ve, "B": lambda ve, vf: vf * l + fixed,
                "A": lambda ve, vf: fixed * r + vf, "rx": lambda ve, vf: ve * l + fixed}[name]
        return tuple(byte(*divmod(pc.offset + e, r)) if e < pc.lanes else None for e in range(pc.width))

    def recipe(self, name, c, fixed):
        return recipe(self.need(name, c, fixed), self.layouts[name])

    @cached_property
    def index_names(self):
        names = {}
        for c in range(len(self.row)):
            for name in ("lx", "A", "B", "rx"):
                for fixed in range(self.r if name in ("lx", "A") else self.l):
                    made = self.recipe(name, c, fixed)
                    if isinstance(made, Tbl):
                        names.setdefault(made.index, f"{name}{c}_{fixed}")
        return names

    def grouped(self, name):
        """Some TBL of this factor takes several pieces of its matrix."""
        count = self.r if name in ("lx", "A") else self.l
        return any(isinstance(m, Tbl) and m.count > 1
                   for c in range(len(self.row)) for m in (self.recipe(name, c, f) for f in range(count)))

    def pass_registers(self, group):
        """Vector registers of a pass over `group` (ra values): its sums, the ra
        factors, while they are made lx and A, then B and rx with one rb's
        factors and the products."""
        sums, factors = len(group) * self.l, 2 * len(group)
        making = len(self.layouts["lx"]) + len(self.layouts["A"])
        using = len(self.layouts["B"]) + len(self.layouts["rx"]) + 2 + 3
        return sums + factors + max(making, using)

    @cached_property
    def ra_groups(self):
        """The largest groups of consecutive ra whose pass fits the register file."""
        size = max(g for g in range(1, self.r + 1) if self.pass_registers(range(g)) <= PAIR_REGISTERS)
        return [range(first, min(first + size, self.r)) for first in range(0, self.r, size)]


def describe_linsys_pair(b, l, r):
    coef_ptr, lx_ptr, bm_ptr, am_ptr, rx_ptr, count = b.params
    plan = PairFactors(l, r)
    rep = Replicator(b, plan.index_names)
    n = l * r
    sizes = {"lx": r * l, "B": r * l, "A": r * r, "rx": l * l}
    for c, pc in enumerate(plan.row):
        for g, group in enumerate(plan.ra_groups):
            sums = {(ra, rb): b.movi(0, pc.arr) for ra in group for rb in range(l)}
            ptrs = {name: b.mov_x(p) for name, p in (("lx", lx_ptr), ("B", bm_ptr), ("A", am_ptr), ("rx", rx_ptr))}
            k = b.mov_x(count)
            loop = b.start_block(f"pass{c}_{g}", mca_region=f"gf16m_linsys_l{l}r{r}_p{c}_{g}")
            held = {name: load_held(b, ptrs[name], plan.layouts[name], grouped=plan.grouped(name))
                    for name in ("lx", "A")}
            ra_factors = {(name, ra): rep.make(held[name], plan.recipe(name, c, ra), pc.arr)
                          for ra in group for name in ("lx", "A")}
            held.update((name, load_held(b, ptrs[name], plan.layouts[name], grouped=plan.grouped(name)))
                        for name in ("B", "rx"))
            for rb in range(l):
                by_b, by_rx = (rep.make(held[name], plan.recipe(name, c, rb), pc.arr) for name in ("B", "rx"))
                for ra in group:
                    term = b.eor(b.pmul(ra_factors["lx", ra], by_b, pc.arr),
                                 b.pmul(ra_factors["A", ra], by_rx, pc.arr), pc.arr)
                    b.eor(sums[ra, rb], term, pc.arr, dst=sums[ra, rb])
            for name, ptr in ptrs.items():
                b.gop_imm("add", "x", ptr, sizes[name], dst=ptr)
            b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
            b.b_cond("ne", loop)
            b.start_block(f"pass{c}_{g}_store")
            poly = b.movi(POLY)
            for (ra, rb), total in sums.items():
                store_piece(b, reduce_mod_poly(b, total, pc.arr, poly), coef_ptr, pc, (ra * l + rb) * n)
    b.ret()
