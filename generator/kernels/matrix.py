"""GF(16) matrices of any shape in vector registers, and the replication that
turns a matrix product into whole-register PMULs.

A matrix of n bytes (row-major, one element per byte) is held as *pieces*, one
vector register each: 16-byte pieces from byte 0, then the n mod 16 bytes left
as an exact 4- or 8-byte piece, or else as a 16-byte piece that ends at the last
byte and overlaps the one before (both hold the overlapped bytes, so stores of
correct values agree). Below 16 bytes a matrix is one piece: 4 bytes (rank 2),
or rank 3's 9 bytes, an 8-byte load plus byte 8 through a general register.
Every load and store touches exactly the matrix's bytes.

C = A·B (A p×q, B q×s, C p×s) is computed piece of C by piece: for each term
k < q, one register holds A[i][k] in each lane (i, j) of the piece, another
B[k][j]; one PMUL multiplies them all, EOR sums the q terms (unreduced, at most
7 bits), and one reduction modulo x^4+x+1 ends the sum. The register contents a
term needs (a *need*: the factor's byte per lane) are data; each is realised by
the cheapest recipe that fits it:
  - Dup: the lanes repeat one aligned 1/2/4/8-byte element of one piece: DUP.
  - Spread: A's rows are C's rows (q = s = 2 or 4, same pieces): TRN1/TRN2 on
    bytes, then on halfwords, copy each column over its row; all q columns of
    a piece from one register, no constant.
  - Tbl: anything else, TBL on the fewest consecutive pieces of the factor that
    hold every needed byte (a register group), with a constant index vector.
Equal recipes are made once per operand and shared by every piece and term
that needs them. No table in memory is indexed by data: constant time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

POLY = 0x13  # x^4 + x + 1
TAIL_OFFSET = 8   # rank 3: byte 8 travels through a general register
VIEW_OF_BYTES = {16: "q", 8: "d", 4: "s"}
NO_LANE = 0xFF    # a TBL index that selects nothing (the lane reads as zero)


@dataclass(frozen=True)
class Piece:
    """Bytes offset .. offset+lanes-1 of a matrix in lanes 0.. of one register."""
    offset: int
    lanes: int
    view: str            # load/store view of the vector part: q, d or s
    tail: bool = False   # rank 3: lane 8 loaded and stored through a general register

    @property
    def arr(self) -> str:
        return "16b" if self.lanes > 8 else "8b"

    @property
    def width(self) -> int:
        return 16 if self.lanes > 8 else 8


def pieces(nbytes: int) -> tuple:
    """How a matrix of nbytes is held in registers (see the module docstring)."""
    if nbytes == 9:
        return (Piece(0, 9, "d", tail=True),)
    if nbytes < 16:
        return (Piece(0, nbytes, VIEW_OF_BYTES[nbytes]),)
    full, rest = divmod(nbytes, 16)
    held = [Piece(16 * i, 16, "q") for i in range(full)]
    if rest in VIEW_OF_BYTES:
        held.append(Piece(16 * full, rest, VIEW_OF_BYTES[rest]))
    elif rest:
        held.append(Piece(nbytes - 16, 16, "q"))
    return tuple(held)


def load_piece(b, ptr, piece, offset=0, wide=False):
    """The piece of the matrix at ptr + offset. wide: the bytes after the matrix
    belong to the caller (the next matrix of a run), so rank 3's 9-byte piece is
    one 16-byte load."""
    if wide and piece.tail:
        return b.load("q", ptr, offset + piece.offset)
    vec = b.load(piece.view, ptr, offset + piece.offset)
    if piece.tail:
        b.ins_gpr(vec, "b", TAIL_OFFSET, b.load_byte(ptr, offset + piece.offset + TAIL_OFFSET))
    return vec


def store_piece(b, vec, ptr, piece, offset=0, wide=False):
    """Stores a piece; wide as for load_piece (the caller then stores the next
    matrix's bytes after this one)."""
    if wide and piece.tail:
        b.store("q", vec, ptr, offset + piece.offset)
        return
    b.store(piece.view, vec, ptr, offset + piece.offset)
    if piece.tail:
        b.store_byte(b.umov(vec, "b", TAIL_OFFSET), ptr, offset + piece.offset + TAIL_OFFSET)


def reduce_mod_poly(b, acc, arr, poly=None):
    """acc mod x^4+x+1 per lane; `poly` a register of POLY bytes to share between reductions."""
    high = b.shift("ushr", acc, 4, arr)
    return b.eor(acc, b.pmul(high, poly or b.movi(POLY, arr), arr), arr)


def end_k_loop(b, xk, x_stride, yk, y_stride, k, loop):
    """The end of a loop over k: both factors' pointers step by their strides."""
    b.gop("add", "x", xk, x_stride, dst=xk)
    b.gop("add", "x", yk, y_stride, dst=yk)
    b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
    b.b_cond("ne", loop)


def xor_tree(b, values, arr):
    """EOR of all values as a balanced tree: a shorter dependency chain than a running sum."""
    while len(values) > 1:
        pairs = [b.eor(values[i], values[i + 1], arr) for i in range(0, len(values) - 1, 2)]
        values = pairs + values[len(pairs) * 2:]
    return values[0]


# --- recipes: how a replicated factor register is made ---------------------------------

@dataclass(frozen=True)
class Dup:
    piece: int
    size: int       # element bytes: 1, 2, 4 or 8
    lane: int       # element index in the piece's register


@dataclass(frozen=True)
class Spread:
    piece: int
    k: int          # the column of A copied over each row
    q: int          # row length: 2 or 4 bytes


@dataclass(frozen=True)
class Tbl:
    first: int      # first piece of the table (a slice of consecutive pieces)
    count: int
    index: bytes    # 16 bytes


DUP_ARRANGEMENT = {("16b", 1): "16b", ("16b", 2): "8h", ("16b", 4): "4s", ("16b", 8): "2d",
                   ("8b", 1): "8b", ("8b", 2): "4h", ("8b", 4): "2s", ("8b", 8): "2d"}
ELEMENT = {1: "b", 2: "h", 4: "s", 8: "d"}


def dup_recipe(need, layout):
    """A Dup when the needed bytes repeat one aligned element of a piece."""
    used = [(e, x) for e, x in enumerate(need) if x is not None]
    for size in ELEMENT:
        base = used[0][1] - used[0][0] % size
        if any(x != base + e % size for e, x in used):
            continue
        for i, pc in enumerate(layout):
            lane = base - pc.offset
            if 0 <= lane and lane + size <= pc.lanes and lane % size == 0:
                return Dup(i, size, lane // size)
    return None


def tbl_recipe(need, layout):
    """TBL on the fewest consecutive pieces that hold every needed byte."""
    wanted = {x for x in need if x is not None}
    for count in range(1, len(layout) + 1):
        for first in range(len(layout) - count + 1):
            table = layout[first:first + count]
            where = {}
            for t, pc in enumerate(table):
                for lane in range(pc.lanes):
                    where.setdefault(pc.offset + lane, 16 * t + lane)
            if wanted <= where.keys():
                index = bytes(NO_LANE if x is None else where[x] for x in need).ljust(16, bytes([NO_LANE]))
                return Tbl(first, count, index)
    raise ValueError(f"no table holds bytes {sorted(wanted)}")


def recipe(need, layout):
    """How to make a register holding `need` (a byte of the matrix laid out as
    `layout`, or None, per lane): a DUP when one fits, else a TBL."""
    return dup_recipe(need, layout) or tbl_recipe(need, layout)


@dataclass(frozen=True)
class Shape:
    """A product C = A·B of a p×q and a q×s matrix; ta / tb: A (B) is stored
    transposed, as the q×p (s×q) matrix whose transpose enters the product."""
    p: int
    q: int
    s: int
    ta: bool = False
    tb: bool = False

    @property
    def name(self) -> str:
        """r<l> for square l×l products, else <p>x<q>x<s>."""
        return f"r{self.p}" if self.p == self.q == self.s else f"{self.p}x{self.q}x{self.s}"

    @cached_property
    def a(self):
        return pieces(self.p * self.q)

    @cached_property
    def b(self):
        return pieces(self.q * self.s)

    @cached_property
    def c(self):
        return pieces(self.p * self.s)

    def _lanes(self, m):
        pc = self.c[m]
        return [divmod(pc.offset + e, self.s) if e < pc.lanes else None for e in range(pc.width)]

    def column_need(self, m, k):
        """Lane (i, j) of piece m of C needs A[i][k]: byte i·q+k of A, or k·p+i of a stored Aᵀ."""
        at = (lambda i: k * self.p + i) if self.ta else (lambda i: i * self.q + k)
        return tuple(None if ij is None else at(ij[0]) for ij in self._lanes(m))

    def row_need(self, m, k):
        """Lane (i, j) of piece m of C needs B[k][j]: byte k·s+j of B, or j·q+k of a stored Bᵀ."""
        at = (lambda j: j * self.q + k) if self.tb else (lambda j: k * self.s + j)
        return tuple(None if ij is None else at(ij[1]) for ij in self._lanes(m))

    @property
    def spreads(self) -> bool:
        """A's rows lie in its pieces exactly as C's rows: TRN copies columns over rows."""
        return not self.ta and self.q == self.s and self.q in (2, 4)

    @cached_property
    def column_recipes(self):
        """[piece of C][k] -> recipe making A's factor of that term."""
        if self.spreads:
            return [[Spread(m, k, self.q) for k in range(self.q)] for m in range(len(self.c))]
        return [[recipe(self.column_need(m, k), self.a) for k in range(self.q)] for m in range(len(self.c))]

    @cached_property
    def row_recipes(self):
        """[piece of C][k] -> recipe making B's factor of that term."""
        return [[recipe(self.row_need(m, k), self.b) for k in range(self.q)] for m in range(len(self.c))]

    @property
    def grouped_a(self) -> bool:
        """Some TBL takes several of A's pieces as one table."""
        return any(isinstance(r, Tbl) and r.count > 1 for per_k in self.column_recipes for r in per_k)

    @property
    def grouped_b(self) -> bool:
        return any(isinstance(r, Tbl) and r.count > 1 for per_k in self.row_recipes for r in per_k)

    @cached_property
    def recipe_arr(self):
        """Arrangement of each recipe's register: 16b when any piece that uses it is."""
        arr = {}
        for recipes in (self.column_recipes, self.row_recipes):
            for m, per_k in enumerate(recipes):
                for r in per_k:
                    if arr.get(r) != "16b":
                        arr[r] = self.c[m].arr
        return arr

    def tbl_indices(self, pieces_of_c):
        """The distinct TBL index vectors the given pieces of C use, in first-use
        order (term by term, A's before B's)."""
        indices = {}
        for m in pieces_of_c:
            for k in range(self.q):
                for made in (self.column_recipes[m][k], self.row_recipes[m][k]):
                    if isinstance(made, Tbl):
                        indices.setdefault(made.index)
        return list(indices)

    @cached_property
    def index_names(self):
        """A constant's name per index vector: cols<k>/rows<k> (cols<m>_<k>/rows<m>_<k>
        when C has several pieces) of its first use."""
        names = {}
        single = len(self.c) == 1
        for m in range(len(self.c)):
            for k in range(self.q):
                for kind, made in (("cols", self.column_recipes[m][k]), ("rows", self.row_recipes[m][k])):
                    if isinstance(made, Tbl):
                        names.setdefault(made.index, f"{kind}{k}" if single else f"{kind}{m}_{k}")
        return names



@dataclass
class Held:
    """A matrix loaded into registers (one per piece), with the replicated factors
    made from it so far (recipe -> register)."""
    regs: list
    made: dict = field(default_factory=dict)


def load_held(b, ptr, layout, offset=0, wide=False, grouped=False):
    """A matrix as Held registers; grouped: a register group, so that TBL can take
    consecutive pieces as one table."""
    regs = [load_piece(b, ptr, pc, offset, wide) for pc in layout]
    if grouped:
        b.group(regs)
    return Held(regs)


def replication_cost(recipes):
    """Vector instructions that make the given distinct recipes (a spread makes a
    piece's q columns with 2q-2 TRNs)."""
    spread = lambda r: 2 * r.q - 2 if r.k == 0 else 0
    return sum(spread(r) if isinstance(r, Spread) else 1 for r in set(recipes))


class Replicator:
    """Makes replicated factor registers from recipes. TBL index vectors come from
    the literal pool (named by `names`: index bytes -> constant name), loaded
    once up front (hoist) or at each use."""

    def __init__(self, b, names):
        self.b = b
        self.names = names
        self.labels = {}     # index bytes -> constant label
        self.hoisted = {}    # index bytes -> register

    def hoist(self, indices):
        """Loads the given index vectors into registers, now; they replace any
        hoisted before."""
        self.hoisted = {index: self.load_index(index) for index in indices}

    def load_index(self, index):
        if index not in self.labels:
            self.labels[index] = self.b.constant(self.names[index], index)
        return self.b.load_literal("q", self.labels[index])

    def make(self, held: Held, recipe, arr):
        """The register `recipe` makes from `held`, in arrangement arr (made once per held)."""
        if recipe in held.made:
            return held.made[recipe]
        b = self.b
        if isinstance(recipe, Dup):
            reg = b.dup_elem(held.regs[recipe.piece], ELEMENT[recipe.size], recipe.lane,
                             DUP_ARRANGEMENT[arr, recipe.size])
        elif isinstance(recipe, Spread):
            for k, reg in enumerate(spread_columns(b, held.regs[recipe.piece], recipe.q, arr)):
                held.made[Spread(recipe.piece, k, recipe.q)] = reg
            return held.made[recipe]
        else:
            table = held.regs[recipe.first:recipe.first + recipe.count]
            index = self.hoisted.get(recipe.index) or self.load_index(recipe.index)
            reg = b.tbl(table if len(table) > 1 else table[0], index, arr)
        held.made[recipe] = reg
        return reg


class Products:
    """The terms of one shape's products, piece of C by piece."""

    def __init__(self, b, shape: Shape):
        self.b = b
        self.shape = shape
        self.rep = Replicator(b, shape.index_names)

    def hoist(self, pieces_of_c, limit=None):
        """Keeps the index vectors of the given pieces (the first `limit` of them) in registers."""
        self.rep.hoist(self.shape.tbl_indices(pieces_of_c)[:limit])

    def load_a(self, ptr, offset=0, wide=False):
        return load_held(self.b, ptr, self.shape.a, offset, wide, self.shape.grouped_a)

    def load_b(self, ptr, offset=0, wide=False):
        return load_held(self.b, ptr, self.shape.b, offset, wide, self.shape.grouped_b)

    def columns(self, held_a: Held, m):
        return [self.rep.make(held_a, r, self.shape.recipe_arr[r]) for r in self.shape.column_recipes[m]]

    def rows(self, held_b: Held, m):
        return [self.rep.make(held_b, r, self.shape.recipe_arr[r]) for r in self.shape.row_recipes[m]]

    def load_replicated_b(self, ptr, offset=0):
        """A right factor given as its row recipes' registers, made in advance
        (replicated_rows, 16 bytes each): loads only, no replication here."""
        return self._load_replicas(replicated_rows(self.shape), ptr, offset)

    def _load_replicas(self, recipes, ptr, offset):
        return Held([], {r: self.b.load("q", ptr, offset + REPLICA_BYTES * i) for i, r in enumerate(recipes)})

    def products(self, columns, rows, m):
        """The q unreduced terms of piece m of A·B, one PMUL each."""
        arr = self.shape.c[m].arr
        return [self.b.pmul(col, row, arr) for col, row in zip(columns, rows)]


# Bytes of one row recipe's register in a right factor given replicated.
REPLICA_BYTES = 16


def replicated_rows(shape):
    """The distinct row recipes of the shape's right factor in the order a
    replicated right factor holds their registers: piece of C by piece, term by
    term. Only for shapes whose recipes fill 16 lanes."""
    return _replicas(shape, shape.row_recipes)


def _replicas(shape, recipes_of_piece):
    recipes = list(dict.fromkeys(r for m in range(len(shape.c)) for r in recipes_of_piece[m]))
    assert all(shape.recipe_arr[r] == "16b" for r in recipes), "replicas fill whole registers"
    return recipes


def spread_columns(b, a, q, arr):
    """For each k, a register whose lane i·q+j holds A[i][k], for q-byte rows
    (q = 2 or 4): TRN1/TRN2 on bytes copy each even/odd column onto its
    neighbour, TRN1/TRN2 on halfwords then spread those pairs over the 4-byte
    row. Register-only: no index constants to load."""
    even, odd = b.permute("trn1", a, a, arr), b.permute("trn2", a, a, arr)
    if q == 2:
        return [even, odd]
    half = "8h" if arr == "16b" else "4h"
    return [b.permute("trn1", even, even, half), b.permute("trn1", odd, odd, half),
            b.permute("trn2", even, even, half), b.permute("trn2", odd, odd, half)]
