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


def load_matrix(b, ptr, rank, offset=0):
    vec = b.load(VECTOR_VIEW[rank], ptr, offset)
    if rank == 3:
        b.ins_gpr(vec, "b", TAIL_OFFSET, b.load_byte(ptr, offset + TAIL_OFFSET))
    return vec


def store_matrix(b, vec, ptr, rank, offset=0):
    b.store(VECTOR_VIEW[rank], vec, ptr, offset)
    if rank == 3:
        b.store_byte(b.umov(vec, "b", TAIL_OFFSET), ptr, offset + TAIL_OFFSET)


def describe_add(b, rank):
    """Vector registers for every rank, rank 2 included: llvm-mca puts the
    four-byte vector form at 6 cycles per call on cortex-a55 against 8 for the
    same sequence on W registers, and level on the other cores (see README)."""
    a_ptr, b_ptr, c_ptr = b.params
    arr = "16b" if rank == 4 else "8b"
    total = b.eor(b.load(VECTOR_VIEW[rank], a_ptr), b.load(VECTOR_VIEW[rank], b_ptr), arr)
    b.store(VECTOR_VIEW[rank], total, c_ptr)
    if rank == 3:
        tail = b.gop("eor", "w", b.load_byte(a_ptr, TAIL_OFFSET), b.load_byte(b_ptr, TAIL_OFFSET))
        b.store_byte(tail, c_ptr, TAIL_OFFSET)
    b.ret()


def reduce_mod_poly(b, acc, arr, poly=None):
    """acc mod x^4+x+1 per lane; `poly` a register of POLY bytes to share between reductions."""
    high = b.shift("ushr", acc, 4, arr)
    return b.eor(acc, b.pmul(high, poly or b.movi(POLY, arr), arr), arr)


def xor_tree(b, values, arr):
    """EOR of all values as a balanced tree: a shorter dependency chain than a running sum."""
    while len(values) > 1:
        pairs = [b.eor(values[i], values[i + 1], arr) for i in range(0, len(values) - 1, 2)]
        values = pairs + values[len(pairs) * 2:]
    return values[0]


def columns_along_rows(b, a, rank):
    """For each k, a register whose lane i·l+j holds A[i][k], for ranks whose rows
    are a power-of-two number of bytes: TRN1/TRN2 on bytes copy each even/odd
    column onto its neighbour, TRN1/TRN2 on halfwords then spread those pairs
    over the 4-byte row. Register-only: no index constants to load."""
    arr = "16b" if rank == 4 else "8b"
    even, odd = b.permute("trn1", a, a, arr), b.permute("trn2", a, a, arr)
    if rank == 2:
        return [even, odd]
    half = "8h"
    return [b.permute("trn1", even, even, half), b.permute("trn1", odd, odd, half),
            b.permute("trn2", even, even, half), b.permute("trn2", odd, odd, half)]


def rows_down_columns(b, bm, rank):
    """For each k, a register whose lane i·l+j holds B[k][j]: row k is one
    halfword (rank 2) or word (rank 4), broadcast by DUP."""
    size, arr = ("h", "4h") if rank == 2 else ("s", "4s")
    return [b.dup_elem(bm, size, k, arr) for k in range(rank)]


def tbl_replication_indices(rank):
    """TBL index vectors for ranks whose rows are not a power of two bytes: per
    term k, lane i·l+j of the first selects A[i][k], of the second B[k][j];
    unused lanes select nothing (index 0xff reads as zero)."""
    lanes = range(rank * rank)
    pad = lambda idx: bytes(idx).ljust(16, b"\xff")
    return [(pad(i // rank * rank + k for i in lanes), pad(k * rank + i % rank for i in lanes))
            for k in range(rank)]


def replication_indices(b, rank):
    """Registers the replication needs for the whole kernel: rank 3's TBL index
    vectors, as (column index, row index) per term; none for ranks 2 and 4."""
    if rank != 3:
        return None
    return [(b.load_literal("q", b.constant(f"cols{k}", a_idx)), b.load_literal("q", b.constant(f"rows{k}", b_idx)))
            for k, (a_idx, b_idx) in enumerate(tbl_replication_indices(rank))]


def product_terms(b, a, bm, rank, indices):
    """The l unreduced terms of A·B, one PMUL each; `indices` from replication_indices."""
    arr = "8b" if rank == 2 else "16b"
    if rank == 3:
        columns = [b.tbl(a, cols) for cols, _ in indices]
        rows = [b.tbl(bm, row_idx) for _, row_idx in indices]
    else:
        columns, rows = columns_along_rows(b, a, rank), rows_down_columns(b, bm, rank)
    return [b.pmul(col, row, arr) for col, row in zip(columns, rows)]


def describe_mul(b, rank):
    a_ptr, b_ptr, c_ptr = b.params
    arr = "8b" if rank == 2 else "16b"
    indices = replication_indices(b, rank)
    terms = product_terms(b, load_matrix(b, a_ptr, rank), load_matrix(b, b_ptr, rank), rank, indices)
    store_matrix(b, reduce_mod_poly(b, xor_tree(b, terms, arr), arr), c_ptr, rank)
    b.ret()


def product_loop(b, acc, x_ptr, x_stride, y_ptr, y_stride, count, rank, indices, name):
    """A loop of `count` (> 0 at entry) single products X·Y accumulated into acc."""
    arr = "8b" if rank == 2 else "16b"
    loop = b.start_block(name, mca_region=f"gf16m_dot_r{rank}" if rank != 2 else None)
    x = load_matrix(b, x_ptr, rank)
    y = load_matrix(b, y_ptr, rank)
    b.gop("add", "x", x_ptr, x_stride, dst=x_ptr)
    b.gop("add", "x", y_ptr, y_stride, dst=y_ptr)
    b.eor(acc, xor_tree(b, product_terms(b, x, y, rank, indices), arr), arr, dst=acc)
    b.gop_imm("subs", "x", count, 1, dst=count, sets_flags=True)
    b.b_cond("ne", loop)


def gather_four(b, ptr, strides):
    """Four 4-byte matrices at ptr + k·stride (k < 4) into the 32-bit lanes of one
    register, then ptr += 4·stride. Separate loads joined by ZIP keep the four
    loads independent (LD1 lane inserts would chain through one register)."""
    parts = [b.load("s", ptr)] + [b.load_indexed("s", ptr, strides[k]) for k in range(3)]
    b.gop("add", "x", ptr, strides[3], dst=ptr)
    low, high = b.permute("zip1", parts[0], parts[1], "4s"), b.permute("zip1", parts[2], parts[3], "4s")
    return b.permute("zip1", low, high, "2d")


def packed_rank2_loop(b, acc, x_ptr, x_stride, y_ptr, y_stride, count):
    """Rank-2 matrices are 4 bytes: four products share each instruction. Four X
    and four Y matrices are gathered into the 32-bit lanes of two registers;
    TRN on bytes spreads A's columns and TRN on halfwords B's rows within every
    lane, so the four products run side by side, their sums kept per lane in
    acc. Returns the register of count % 4, the products left over."""
    quads = b.gop_imm("lsr", "x", count, 2)
    left = b.gop_imm("and", "x", count, 3)
    # stride multiples 1..4 for the gathers
    x_steps = [x_stride, b.gop("add", "x", x_stride, x_stride)]
    x_steps += [b.gop("add", "x", x_steps[1], x_stride), b.gop("add", "x", x_steps[1], x_steps[1])]
    y_steps = [y_stride, b.gop("add", "x", y_stride, y_stride)]
    y_steps += [b.gop("add", "x", y_steps[1], y_stride), b.gop("add", "x", y_steps[1], y_steps[1])]
    after = b.block_label("fold")
    b.cbz(quads, after)
    loop = b.start_block("quad", mca_region="gf16m_dot_r2")
    x = gather_four(b, x_ptr, x_steps)
    y = gather_four(b, y_ptr, y_steps)
    columns = [b.permute("trn1", x, x), b.permute("trn2", x, x)]
    rows = [b.permute("trn1", y, y, "8h"), b.permute("trn2", y, y, "8h")]
    b.eor(acc, xor_tree(b, [b.pmul(c, r) for c, r in zip(columns, rows)], "16b"), dst=acc)
    b.gop_imm("subs", "x", quads, 1, dst=quads, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("fold")
    for shift in (8, 4):             # the four lane sums into lane 0
        b.eor(acc, b.ext(acc, acc, shift), dst=acc)
    return left


def describe_dot(b, rank):
    """acc += Σ_{c < count} X_c·Y_c, X_c at x + c·xstride and Y_c at y + c·ystride
    (bytes): the accumulation loop of SNOVA's matrix-of-matrices products. The sum
    stays unreduced in a register across the loop (XOR of at most 7-bit terms)
    and is reduced once, when it is stored."""
    acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count = b.params
    arr = "8b" if rank == 2 else "16b"
    indices = replication_indices(b, rank)
    acc = load_matrix(b, acc_ptr, rank)
    if rank == 2:
        count = packed_rank2_loop(b, acc, x_ptr, x_stride, y_ptr, y_stride, count)
    done = b.block_label("done")
    b.cbz(count, done)
    product_loop(b, acc, x_ptr, x_stride, y_ptr, y_stride, count, rank, indices, "loop")
    b.start_block("done")
    store_matrix(b, reduce_mod_poly(b, acc, arr), acc_ptr, rank)
    b.ret()


# Matrices per pass of describe_rowdot's main loop: their accumulators, the
# replicated left factor and one right factor's temporaries fit 32 registers.
ROWDOT_WIDTH = {2: 16, 3: 8, 4: 8}


def row_parts(rank, width):
    """How a run of `width` consecutive matrices is moved between memory and
    registers: (view, byte offset, arrangement) per register. Rank 2 packs four
    matrices per register (a q, or a d/s for two/one); ranks 3 and 4 hold one
    each (for rank 3, view None marks the 9-byte load/store of load_matrix)."""
    lsq = rank * rank
    if rank == 2:
        size = width * lsq
        views = [("q", 16)] * (size // 16) + [(v, n) for v, n in (("d", 8), ("s", 4)) if size % 16 & n]
        parts, offset = [], 0
        for view, nbytes in views:
            parts.append((view, offset, "16b" if view == "q" else "8b"))
            offset += nbytes
        return parts
    if rank == 4:
        return [("q", c * lsq, "16b") for c in range(width)]
    # Rank 3: a 16-byte access at matrix c also covers 7 bytes of matrix c + 1,
    # which is in the run for all but the last matrix (see describe_rowdot).
    return [("q" if c < width - 1 else None, c * lsq, "16b") for c in range(width)]


def load_part(b, rank, view, base, offset):
    if view is None:
        return load_matrix(b, base, rank, offset)
    return b.load(view, base, offset)


def store_part(b, rank, view, vec, base, offset):
    if view is None:
        store_matrix(b, vec, base, rank, offset)
    else:
        b.store(view, vec, base, offset)


def left_factor_columns(b, x_ptr, rank, indices):
    """Column k of X spread along the rows, per k, ready to multiply any right factor.
    Rank 2 loads X into all four 32-bit lanes (LD1R), so the columns serve four
    right factors per register."""
    if rank == 2:
        x = b.load_replicated("4s", x_ptr)
        return [b.permute("trn1", x, x), b.permute("trn2", x, x)]
    x = load_matrix(b, x_ptr, rank)
    if rank == 3:
        return [b.tbl(x, cols) for cols, _ in indices]
    return columns_along_rows(b, x, rank)


def right_factor_products(b, y, columns, rank, indices, arr):
    """The unreduced products X·Y_c of every matrix packed in register y."""
    if rank == 2:
        halves = "8h" if arr == "16b" else "4h"
        rows = [b.permute("trn1", y, y, halves), b.permute("trn2", y, y, halves)]
    elif rank == 3:
        rows = [b.tbl(y, row_idx) for _, row_idx in indices]
    else:
        rows = rows_down_columns(b, y, rank)
    return xor_tree(b, [b.pmul(col, row, arr) for col, row in zip(columns, rows)], arr)


def rowdot_run(b, rank, width, params, indices, name):
    """acc[c] += Σ_k X_k·Y_k[c] for the `width` matrices at the current acc and y,
    then acc and y move past them. The run's accumulators stay in registers across
    the loop over k; a copy of x, y and count walks the loop."""
    acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count = params
    parts = row_parts(rank, width)
    accs = [load_part(b, rank, view, acc_ptr, off) for view, off, _ in parts]
    xk, yk, k = b.mov_x(x_ptr), b.mov_x(y_ptr), b.mov_x(count)
    loop = b.start_block(name, mca_region=f"gf16m_rowdot_r{rank}" if width == ROWDOT_WIDTH[rank] else None)
    columns = left_factor_columns(b, xk, rank, indices)
    for acc, (view, off, arr) in zip(accs, parts):
        y = load_part(b, rank, view, yk, off)
        b.eor(acc, right_factor_products(b, y, columns, rank, indices, arr), arr, dst=acc)
    b.gop("add", "x", xk, x_stride, dst=xk)
    b.gop("add", "x", yk, y_stride, dst=yk)
    b.gop_imm("subs", "x", k, 1, dst=k, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block(f"{name}_store")
    # In address order: for rank 3 a 16-byte store also rewrites 7 bytes of the
    # next matrix with the values loaded before the loop, and the next store
    # then puts that matrix's result over them.
    poly = b.movi(POLY)
    for acc, (view, off, arr) in zip(accs, parts):
        store_part(b, rank, view, reduce_mod_poly(b, acc, arr, poly), acc_ptr, off)
    step = width * rank * rank
    b.gop_imm("add", "x", acc_ptr, step, dst=acc_ptr)
    b.gop_imm("add", "x", y_ptr, step, dst=y_ptr)


def describe_rowdot(b, rank):
    """acc[c] += Σ_{k < count} X_k·Y_k[c] for c < n: one left factor X_k (at
    x + k·xstride) times a row of n consecutive right factors (at y + k·ystride),
    the shape of SNOVA's block-matrix products (P11·T12, T12ᵗ·P11, the public
    map's rows). X_k's replication is done once per k for the whole run, and the
    run's sums stay unreduced in registers across k. Runs of ROWDOT_WIDTH matrices
    loop; the n mod ROWDOT_WIDTH left over go in runs of halving width, one per
    set bit of n. count >= 1; n may be 0."""
    acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count, n = b.params
    params = (acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count)
    indices = replication_indices(b, rank)
    width = ROWDOT_WIDTH[rank]
    runs = b.gop_imm("lsr", "x", n, width.bit_length() - 1)
    after_full = b.block_label("partial")
    b.cbz(runs, after_full)
    full = b.start_block("full")
    rowdot_run(b, rank, width, params, indices, "full_k")
    b.gop_imm("subs", "x", runs, 1, dst=runs, sets_flags=True)
    b.b_cond("ne", full)
    b.start_block("partial")
    while width > 1:
        width //= 2
        skip = b.block_label(f"after{width}")
        b.tbz(n, width.bit_length() - 1, skip)
        b.start_block(f"run{width}")
        rowdot_run(b, rank, width, params, indices, f"run{width}_k")
        b.start_block(f"after{width}")
    b.ret()
