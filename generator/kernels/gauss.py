"""snova_gf16_solve: the signing system's Gaussian elimination over GF(16), in
constant time.

    uint8_t snova_gf16_solve(uint8_t *g, size_t n, size_t stride)

g holds n < 256 rows of `stride` bytes (a multiple of 16, at least n + 1), one
element 0..15 per byte; row i is [b_i | A_i0 .. A_i,n-1 | zeros]: the right-hand
side first. The kernel returns 0xFF when A is regular, and then byte 0 of row
n-1-k is x_k, the unique solution of A x = b; it returns 0 when A is singular
(g is then unspecified). It reads and writes the n*stride bytes of g and
nothing else.

Forward elimination takes the unknowns from the last: "column i", i = 0 .. n-1,
is byte n - i, and the bytes a row still needs for it, b and the columns not
yet eliminated, are its first n - i + 1, so each step works on the 16-byte
vectors of that prefix. (With b after the coefficients, the vector holding b
would be worked on in every step: one vector in seven for n = 96.)

1. Pivoting without branches: every row j > i is added into row i under a mask
   that is all ones while the pivot (row i, column i) is still zero, exactly as
   the portable C does. The pivot is tracked in a register, broadcast to every
   lane (LD1R), so the masks come from CMEQ #0 without reloading row i.
2. Normalisation: the pivot's inverse comes from TBL on a 16-byte inverse table
   held in a register (indexed in-register: no memory access depends on data);
   row i is multiplied by it through TBL with the table inv*[0..15], built in
   registers: PMUL of the broadcast factor with the constant 0..15 and one
   reduction modulo x^4+x+1 (h = p >> 4; p ^= PMUL(h, 0x13)).
3. Elimination below: row j ^= f_j * row i for j > i, f_j = row j's element in
   column i, again by TBL with f_j*[0..15].

Steps 3 and then 1 of the next column are one pass: while row j > i+1 is
eliminated, it is also added into row i+1 under column i+1's mask, whose
pivot is tracked from the rows' column-(i+1) elements as elimination leaves
them (e_j = g_j,i+1 ^ f_j * g_i,i+1, computed before the vector loop), so each
row is loaded and stored once per column instead of twice. Row i+1 itself is
eliminated first, alone, and only column 0 has a search of its own.

Then back-substitution, one dot product per row, rows n-1 .. 0: row j is then
[c_j | u_j,1 .. u_j,p-1 | 1 | 0 ..] with p = n - j, and its unknown is the sum
of its products with [1 | x_1 .. x_p-1 | 0 ..] (x_q: the unknown at byte q,
solved by an earlier row): PMUL (products of at most 7 bits), EOR, one fold of
the 16 lanes and one reduction per row. The finished blocks of 16 solutions
wait in the frame (256 bytes: hence n < 256), the block being filled in a
register. An upward elimination instead costs a table and a TBL for every pair
of rows.

The forward row loops take rows eight at a time (one load of the pivot row's vector
serves eight rows, eight independent chains for an in-order core), then the
rest four, two and one at a time, each row through a pointer of its own
(vector_loop); the fused pass's eight-row vector loop is the kernel's llvm-mca
region. Its eight tables, eight masks and eight
rows leave no room for the constants of scale_table, which are reloaded where
a table is made. The return value is the AND of
CMTST(pivot) over all columns. Every branch and address depends on n, stride
and loop counters only: matrix data never leaves the vector registers except
as the returned mask.
"""
from __future__ import annotations

from ..builder import SP
from .matrix import POLY
GROUPS = (8, 4, 2, 1)   # rows per iteration of the row loops: eight, then four, two, one
VECTOR = 16          # bytes per vector
UNROLL = 4           # vectors per iteration of the vector loops (a power of two)
BLOCK_START = 0xFFFFFFFFFFFFFFF0   # i & BLOCK_START: column of the first byte of i's vector
SCRATCH = 256        # frame bytes for back-substitution's blocks of solutions: n + 1 <= SCRATCH
ONE_LANE = bytes(15) + b"\xff" + bytes(16)   # the 16 bytes from offset 15 - c: 0xFF in lane c only


def _gf16_mul(a, b):
    product = 0
    for bit in range(4):
        if b >> bit & 1:
            product ^= a << bit
    for bit in (6, 5, 4):
        if product >> bit & 1:
            product ^= POLY << (bit - 4)
    return product


# INVERSES[a] = a^-1 for a != 0; INVERSES[0] = 0 (a singular column then zeroes its row)
INVERSES = bytes([0] + [next(x for x in range(1, 16) if _gf16_mul(a, x) == 1) for a in range(1, 16)])
LANES = bytes(range(16))


def scale_table(b, factor, lanes, poly):
    """factor*[0..15] for a factor broadcast to every lane: PMUL by the constant
    0..15 (at most 7 bits per lane) and one reduction modulo x^4+x+1."""
    product = b.pmul(factor, lanes)
    return b.eor(product, b.pmul(b.shift("ushr", product, 4), poly))


def vector_loop(b, name, length, starts, body, mca_region=None):
    """body(vectors) for each 16-byte vector of the first `length` bytes (a
    register, a nonzero multiple of 16) of the rows at `starts`: one vector
    alone and then two when the count's low bits ask for them, then UNROLL per
    iteration. vectors[r] is (pointer, offset) of row r's vector. Each row walks
    its own pointer and is addressed by immediates: Cortex-A72 cracks a
    register-offset LDR into two uops and STR into three, against one for LDR
    and two for STUR, and the unrolling shares each pointer's ADD between
    vectors. Starts the block `name`_end last."""
    walkers = [b.mov_x(start) for start in starts]
    left = b.mov_x(length)
    done = b.block_label(f"{name}_end")

    def vectors(count):
        for t in range(count):
            body([(walker, VECTOR * t) for walker in walkers])
        for walker in walkers:
            b.gop_imm("add", "x", walker, VECTOR * count, dst=walker)
        b.gop_imm("subs", "x", left, VECTOR * count, dst=left, sets_flags=True)

    count = 1
    while count < UNROLL:
        skip = b.block_label(f"{name}_after{count}")
        b.tbz(left, (VECTOR * count).bit_length() - 1, skip)
        b.start_block(f"{name}_{count}")
        vectors(count)
        b.start_block(f"{name}_after{count}")
        count *= 2
    b.cbz(left, done)
    loop = b.start_block(f"{name}_by{UNROLL}", mca_region=mca_region)
    vectors(UNROLL)
    b.b_cond("ne", loop)
    b.start_block(f"{name}_end")


def load_vector(b, at):
    return b.load("q", *at)


def store_vector(b, value, at):
    b.store("q", value, *at)


def row_loops(b, name, rows, setup, update, leading, first_row, stride, length, after, mca_region=None):
    """Loops over `rows` consecutive rows (a register, left as it is), the first
    at `first_row` (a register, advanced past them): GROUPS[0] rows at a
    time, then the rest GROUPS[1] at a time, and so on down to one. setup()
    returns one row's per-row values; update(values, vectors) emits the work on
    one vector (vector_loop's (pointer, offset) pairs) of the rows at `leading`
    (the rows every group works with) and then of the group's rows, over their
    first `length` bytes.
    Rows are `stride` bytes apart. The loop of the largest group carries `mca_region`.
    Ends at the block labelled `after`, which the caller starts next."""
    for t, size in enumerate(GROUPS):
        if t:
            b.start_block(f"{name}_count{size}")
        count = b.gop_imm("lsr", "x", rows, size.bit_length() - 1) if size > 1 else rows
        if t:
            count = b.gop_imm("and", "x", count, GROUPS[t - 1] // size - 1)
        following = b.block_label(f"{name}_count{GROUPS[t + 1]}") if t + 1 < len(GROUPS) else after
        b.cbz(count, following)

        group = b.start_block(f"{name}_by{size}")
        values = [setup() for _ in range(size)]
        starts = [first_row]
        for _ in range(1, size):
            starts.append(b.gop("add", "x", starts[-1], stride))
        vector_loop(b, f"{name}_by{size}_vec", length, [*leading, *starts], lambda vectors: update(values, vectors),
                    mca_region if t == 0 else None)
        b.gop("add", "x", starts[-1], stride, dst=first_row)
        b.gop_imm("subs", "x", count, 1, dst=count, sets_flags=True)
        b.b_cond("ne", group)


def xor_tree(b, values):
    while len(values) > 1:
        pairs = [b.eor(values[i], values[i + 1]) for i in range(0, len(values) - 1, 2)]
        values = pairs + values[len(pairs) * 2:]
    return values[0]


def search_row(b, column, stride, pivot):
    """Pivot search, per row below: its element in the pivot column (LD1R, then
    the column pointer moves one row on); the mask `take` is all ones while the
    pivot is still zero, and the pivot register follows the additions."""
    def setup():
        f = b.load_replicated_post("16b", column, stride)
        take = b.cmeq_zero(pivot)
        b.eor(pivot, b.vop("and", "16b", take, f, "vec_logic"), dst=pivot)
        return take

    def update(takes, vectors):
        pivot_at, *rows_at = vectors
        acc = load_vector(b, pivot_at)
        rows = [load_vector(b, at) for at in rows_at]
        terms = [b.vop("and", "16b", take, row, "vec_logic") for take, row in zip(takes, rows)]
        store_vector(b, b.eor(acc, xor_tree(b, terms)), pivot_at)
    return setup, update


class Constants:
    """The kernel's constant vectors, loaded where they are used rather than held
    in registers across the loops (the fused loop over eight rows needs all but
    a few of the 32)."""

    def __init__(self, b):
        self.b = b
        self.labels = {"lanes": b.constant("lanes", LANES), "inverses": b.constant("inverses", INVERSES)}

    def scale(self):
        """(lanes, poly) for scale_table."""
        return self.b.load_literal("q", self.labels["lanes"]), self.b.movi(POLY)

    def inverses(self):
        return self.b.load_literal("q", self.labels["inverses"])


def eliminate_and_search(b, constants, column, next_column, stride, next_element, next_pivot):
    """Elimination of column i fused with the pivot search of column i+1, per row
    j > i+1: the table f_j*[0..15] of its element f_j in column i (the constants
    of scale_table reloaded: a group of eight rows leaves no register for them),
    its element in column i+1 once eliminated, e_j = g_j,i+1 ^ f_j*next_element,
    and the mask `take`, all ones while next_pivot (row i+1's element in column
    i+1, with the rows taken so far added) is zero. Then, per vector, row j ^=
    f_j * row i and row i+1 ^= take_j & row j: each row is loaded and stored once
    per column instead of twice."""
    def setup():
        f = b.load_replicated_post("16b", column, stride)
        table = scale_table(b, f, *constants.scale())
        e = b.eor(b.load_replicated_post("16b", next_column, stride), b.tbl(table, next_element))
        take = b.cmeq_zero(next_pivot)
        b.eor(next_pivot, b.vop("and", "16b", take, e, "vec_logic"), dst=next_pivot)
        return table, take

    def update(values, vectors):
        pivot_at, next_at, *rows_at = vectors
        source = load_vector(b, pivot_at)
        acc = load_vector(b, next_at)
        rows = [load_vector(b, at) for at in rows_at]
        rows = [b.eor(row, b.tbl(table, source)) for row, (table, _) in zip(rows, values)]
        for row, at in zip(rows, rows_at):
            store_vector(b, row, at)
        terms = [b.vop("and", "16b", take, row, "vec_logic") for row, (_, take) in zip(rows, values)]
        store_vector(b, b.eor(acc, xor_tree(b, terms)), next_at)
    return setup, update


def fold_lanes(b, acc, poly):
    """The sum of acc's 16 lanes (products of elements, at most 7 bits each) in
    lane 0, reduced modulo x^4+x+1; the other lanes hold partial sums."""
    acc = b.eor(acc, b.ext(acc, acc, 8))
    for bits in (32, 16, 8):
        acc = b.eor(acc, b.shift("ushr", acc, bits, arr="2d"))
    return b.eor(acc, b.pmul(b.shift("ushr", acc, 4), poly))


def back_substitute(b, n, stride, last_row):
    """The solutions, from the rows the forward pass leaves: row j, whose pivot is
    the unknown at byte p = n - j, is [c_j | u_j,1 .. u_j,p-1 | 1 | 0 ..] (the
    unknowns at bytes 1 .. p-1 are solved by the rows after it), so its unknown
    is the sum of row j times X = [1 | x_1 .. x_p-1 | 0 ..], x_q the solved unknown
    at byte q (x_p's lane still zero, so the diagonal's 1 adds nothing). Rows
    j = n-1 .. 0 in turn; X's finished blocks of 16 bytes wait in the frame
    (SCRATCH bytes), the block being filled in a register, each solution entering
    its lane c under the mask read from the literal ONE_LANE at 15 - c. The
    solution goes to byte 0 of its row. last_row is the start of row n-1."""
    poly = b.movi(POLY)
    scratch = b.gop_imm("add", "x", b.pinned_x(SP), b.stack_slot(SCRATCH))
    one_lane = b.adr(b.constant("one_lane", ONE_LANE))
    lane = b.gop_imm("add", "x", one_lane, VECTOR - 2)      # byte 1 first
    current = b.vop("and", "16b", b.load("q", one_lane, VECTOR - 1), b.movi(1), "vec_logic")  # X's 1 at byte 0
    block = b.mov_imm(0)                                    # offset of the block being filled
    byte = b.mov_imm(1)                                     # p
    row = b.mov_x(last_row)

    row_label = b.start_block("backward")
    onehot = b.load_post("q", lane, -1)
    acc = b.pmul(b.load_indexed("q", row, block), current)
    fold_label = b.block_label("backward_fold")
    b.cbz(block, fold_label)
    b.start_block("backward_left")
    left = b.mov_imm(0)
    left_label = b.start_block("backward_left_block")
    b.eor(acc, b.pmul(b.load_indexed("q", row, left), b.load_indexed("q", scratch, left)), dst=acc)
    b.gop_imm("add", "x", left, VECTOR, dst=left)
    b.cmp(left, block)
    b.b_cond("lo", left_label)
    b.start_block("backward_fold")
    x = fold_lanes(b, acc, poly)
    b.store("b", x, row)
    b.eor(current, b.vop("and", "16b", b.dup_elem(x, "b", 0, "16b"), onehot, "vec_logic"), dst=current)
    b.gop("sub", "x", row, stride, dst=row)
    b.gop_imm("add", "x", byte, 1, dst=byte)
    same_block = b.block_label("backward_same_block")
    b.tst_imm(byte, VECTOR - 1)
    b.b_cond("ne", same_block)
    b.start_block("backward_next_block")
    b.store_indexed("q", current, scratch, block)
    b.movi(0, dst=current)
    b.gop_imm("add", "x", block, VECTOR, dst=block)
    b.gop_imm("add", "x", one_lane, VECTOR - 1, dst=lane)
    b.start_block("backward_same_block")
    b.cmp(byte, n)
    b.b_cond("ls", row_label)


def describe_solve(b):
    g, n, stride = b.params
    constants = Constants(b)
    ok = b.movi(0xFF)
    live = b.mov_x(n)                           # n - i: the byte of column i
    pivot_row = b.mov_x(g)                      # row i
    done = b.block_label("done")
    b.cbz(n, done)

    def span():
        """The bytes of a row's vectors that hold its bytes 0 .. live."""
        return b.gop_imm("add", "x", b.gop_imm("and", "x", live, BLOCK_START), VECTOR)

    # --- forward: column i = 0 .. n-1 --------------------------------------------------
    # 1. the pivot search of column 0: rows j > 0 into row 0 while its pivot is zero
    pivot = b.load_replicated("16b", b.gop("add", "x", g, n))
    row1 = b.gop("add", "x", g, stride)
    setup, update = search_row(b, b.gop("add", "x", row1, n), stride, pivot)
    row_loops(b, "search", b.gop_imm("sub", "x", n, 1), setup, update, [g], row1, stride, span(),
              b.block_label("pivot"))

    pivot_label = b.start_block("pivot")
    diag = b.gop("add", "x", pivot_row, live)                    # row i, column i
    length = span()

    # 2. regular so far? row i times the pivot's inverse
    b.vop("and", "16b", ok, b.vop("cmtst", "16b", pivot, pivot, "vec_alu"), "vec_logic", dst=ok)
    table = scale_table(b, b.tbl(constants.inverses(), pivot), *constants.scale())
    vector_loop(b, "normalise_vec", length, [pivot_row],
                lambda vectors: store_vector(b, b.tbl(table, load_vector(b, vectors[0])), vectors[0]))

    # 3. row i+1 ^= f * row i; its element in column i+1 is the next pivot
    below = b.gop_imm("sub", "x", live, 1)
    b.cbz(below, b.block_label("next"))
    b.start_block("next_row")
    column = b.gop("add", "x", diag, stride)                     # row i+1, column i
    next_element = b.load_replicated("16b", b.gop_imm("sub", "x", diag, 1))
    table = scale_table(b, b.load_replicated("16b", column), *constants.scale())
    b.eor(b.load_replicated("16b", b.gop_imm("sub", "x", column, 1)), b.tbl(table, next_element), dst=pivot)
    next_row = b.gop("add", "x", pivot_row, stride)

    def next_row_vector(vectors):
        pivot_at, next_at = vectors
        store_vector(b, b.eor(load_vector(b, next_at), b.tbl(table, load_vector(b, pivot_at))), next_at)
    vector_loop(b, "next_row_vec", length, [pivot_row, next_row], next_row_vector)

    # 4. rows j > i+1: eliminated, and added into row i+1 while its pivot is zero
    rest = b.gop_imm("sub", "x", live, 2)
    column = b.gop("add", "x", column, stride)                   # row i+2, column i
    setup, update = eliminate_and_search(b, constants, column, b.gop_imm("sub", "x", column, 1), stride,
                                         next_element, pivot)
    row_loops(b, "eliminate", rest, setup, update, [pivot_row, next_row], b.gop("add", "x", next_row, stride),
              stride, length, b.block_label("next"), mca_region="gf16_solve")

    b.start_block("next")
    b.gop("add", "x", pivot_row, stride, dst=pivot_row)
    b.gop_imm("subs", "x", live, 1, dst=live, sets_flags=True)
    b.b_cond("ne", pivot_label)

    b.start_block("backward_init")
    back_substitute(b, n, stride, b.gop("sub", "x", pivot_row, stride))

    b.start_block("done")
    b.umov(ok, "b", 0, dst=b.pinned_x(0))
    b.ret()
