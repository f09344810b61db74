"""GF(16) l×l matrix add and multiply, l = 2, 3, 4.

A matrix is l·l bytes, row-major, one field element (0..15) per byte, and
lives in one vector register: rank 4 fills all 16 lanes, rank 3 uses 9 lanes
(an 8-byte load plus a 1-byte tail through a general register, so the kernel
never touches a tenth byte), rank 2 uses 4 lanes.

Multiplication, C = A·B with C[i][j] = Σ_k A[i][k]·B[k][j], is computed term by
term on whole matrices: TBL replicates column k of A along each row and row k
of B down each column, PMUL forms all l·l carry-less products of the term at
once (each at most 7 bits), EOR accumulates them, and one reduction modulo
x^4+x+1 at the end folds the high bits back: for p = lo + h·x^4,
p ^ h·(x^4+x+1) = lo ^ h·(x+1), which fits in 4 bits. No table in memory is
indexed by data; the only memory constants are TBL index patterns."""
from __future__ import annotations

POLY = 0x13  # x^4 + x + 1

# The register view that loads/stores a matrix's vector part, per rank.
VECTOR_VIEW = {2: "s", 3: "d", 4: "q"}
TAIL_OFFSET = 8   # rank 3: byte 8 travels through a general register


def load_matrix(b, ptr, rank):
    vec = b.load(VECTOR_VIEW[rank], ptr)
    if rank == 3:
        b.ins_gpr(vec, "b", TAIL_OFFSET, b.load_byte(ptr, TAIL_OFFSET))
    return vec


def store_matrix(b, vec, ptr, rank):
    b.store(VECTOR_VIEW[rank], vec, ptr)
    if rank == 3:
        b.store_byte(b.umov(vec, "b", TAIL_OFFSET), ptr, TAIL_OFFSET)


def describe_add(b, rank):
    a_ptr, b_ptr, c_ptr = b.params
    if rank == 2:
        # Four bytes fit a W register: load, EOR, store without the vector unit.
        total = b.gop("eor", "w", b.load("w", a_ptr), b.load("w", b_ptr))
        b.store("w", total, c_ptr)
    elif rank == 3:
        vec = b.eor(b.load("d", a_ptr), b.load("d", b_ptr), arr="8b")
        tail = b.gop("eor", "w", b.load_byte(a_ptr, TAIL_OFFSET), b.load_byte(b_ptr, TAIL_OFFSET))
        b.store("d", vec, c_ptr)
        b.store_byte(tail, c_ptr, TAIL_OFFSET)
    else:
        b.store("q", b.eor(b.load("q", a_ptr), b.load("q", b_ptr)), c_ptr)
    b.ret()


def replication_indices(rank):
    """TBL index vectors, one pair per term k: lane i·l+j of the first selects
    A[i][k] (column k of A along row i), of the second B[k][j] (row k of B)."""
    lanes = range(rank * rank)
    return [
        (bytes(i // rank * rank + k for i in lanes), bytes(k * rank + i % rank for i in lanes))
        for k in range(rank)
    ]


def reduce_mod_poly(b, acc, arr):
    high = b.shift("ushr", acc, 4, arr)
    return b.eor(acc, b.pmul(high, b.movi(POLY, arr), arr), arr)


def xor_tree(b, values, arr):
    """EOR of all values as a balanced tree: a shorter dependency chain than a running sum."""
    while len(values) > 1:
        pairs = [b.eor(values[i], values[i + 1], arr) for i in range(0, len(values) - 1, 2)]
        values = pairs + values[len(pairs) * 2:]
    return values[0]


def describe_mul_rank2(b):
    """Rank 2 packs both terms into one 8-lane PMUL: lanes 0-3 hold the k=0 term,
    lanes 4-7 the k=1 term; a 32-bit shift folds one half onto the other."""
    a_ptr, b_ptr, c_ptr = b.params
    (a0, b0), (a1, b1) = replication_indices(2)
    consts = b.adr(b.constant("replicate", a0 + a1 + b0 + b1))
    a_idx, b_idx = b.load_pair("d", consts)
    a = load_matrix(b, a_ptr, 2)
    bm = load_matrix(b, b_ptr, 2)
    products = b.pmul(b.tbl(a, a_idx, "8b"), b.tbl(bm, b_idx, "8b"), "8b")
    folded = b.eor(products, b.shift("ushr", products, 32, "d"), "8b")
    store_matrix(b, reduce_mod_poly(b, folded, "8b"), c_ptr, 2)
    b.ret()


def describe_mul(b, rank):
    if rank == 2:
        return describe_mul_rank2(b)
    a_ptr, b_ptr, c_ptr = b.params
    indices = replication_indices(rank)
    # Rank 4 replicates rows of B with DUP of a 32-bit lane; ranks whose rows do
    # not fill a 32-bit lane use TBL for B too.
    pool = b"".join(a_idx.ljust(16, b"\xff") for a_idx, _ in indices)
    if rank != 4:
        pool += b"".join(b_idx.ljust(16, b"\xff") for _, b_idx in indices)
    consts = b.adr(b.constant("replicate", pool))
    index_regs = []
    for offset in range(0, len(pool), 32):
        index_regs.extend(b.load_pair("q", consts, offset))
    if len(pool) % 32:
        index_regs.append(b.load("q", consts, len(pool) - 16))
    a = load_matrix(b, a_ptr, rank)
    bm = load_matrix(b, b_ptr, rank)
    terms = []
    for k in range(rank):
        a_rep = b.tbl(a, index_regs[k])
        b_rep = b.dup_elem(bm, "s", k, "4s") if rank == 4 else b.tbl(bm, index_regs[rank + k])
        terms.append(b.pmul(a_rep, b_rep))
    store_matrix(b, reduce_mod_poly(b, xor_tree(b, terms, "16b"), "16b"), c_ptr, rank)
    b.ret()
