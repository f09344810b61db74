"""GF(16) matrix kernels of any shape: add (square), and the product C = A·B of a
p×q and a q×s matrix in three forms: one product (mul), a sum of products over
two strided sequences (dot), and one left factor times a row of right factors,
summed (rowdot). How matrices sit in registers and how each term's factors are
replicated: matrix.py. Square l×l products are the shape (l, l, l).

Rank 2 (4-byte matrices) also packs four matrices per register in the batched
kernels: their loops run four products per instruction."""
from __future__ import annotations

from dataclasses import dataclass

from ..builder import KernelBuilder
from ..regalloc import largest_that_fits
from .folded import FoldedRowdot, folded_width, folds
from .matrix import (POLY, REPLICA_BYTES, TAIL_OFFSET, Products, Shape, end_k_loop, load_piece, pieces,
                     reduce_mod_poly, replicated_rows, replication_cost, store_piece, xor_tree)


def describe_add(b, rank):
    """Vector registers for every rank, rank 2 included: llvm-mca puts the
    four-byte vector form at 6 cycles per call on cortex-a55 against 8 for the
    same sequence on W registers, and level on the other cores (see README).
    Rank 3's ninth byte goes through general registers. Every load comes before
    the first store, so c may be a or b."""
    a_ptr, b_ptr, c_ptr = b.params
    layout = pieces(rank * rank)
    arrs = ["16b" if pc.view == "q" else "8b" for pc in layout]
    sums = [b.eor(b.load(pc.view, a_ptr, pc.offset), b.load(pc.view, b_ptr, pc.offset), arr)
            for pc, arr in zip(layout, arrs)]
    for pc, total in zip(layout, sums):
        b.store(pc.view, total, c_ptr, pc.offset)
    for pc in layout:
        if pc.tail:
            at = pc.offset + TAIL_OFFSET
            tail = b.gop("eor", "w", b.load_byte(a_ptr, at), b.load_byte(b_ptr, at))
            b.store_byte(tail, c_ptr, at)
    b.ret()


def store_reduced(b, sums, ptr, layout, offset=0, poly=None, wide=False):
    """Reduces each piece's sum and stores it, in address order (an overlapping
    piece rewrites bytes the one before stored, with the same values); one POLY
    register serves all pieces."""
    if poly is None and len(sums) > 1:
        poly = b.movi(POLY)
    for total, pc in zip(sums, layout):
        store_piece(b, reduce_mod_poly(b, total, pc.arr, poly), ptr, pc, offset, wide)


# Index vectors are hoisted into registers when this many at most: beyond, the
# kernel loads each one where it is used (from the literal pool; load pipes are
# otherwise idle in these kernels).
HOIST_MAX = 8


def multiply(b, shape: Shape, a_ptr, b_ptr, c_ptr, accumulate=False):
    """c = a·b, or c += a·b when accumulating (c's reduced bytes join each piece's
    unreduced sum: reduction is linear). Every operand is loaded before the first
    store: c may alias a or b when the sizes match."""
    rep = Products(b, shape)
    every = range(len(shape.c))
    if len(shape.tbl_indices(every)) <= HOIST_MAX:
        rep.hoist(every)
    a, bm = rep.load_a(a_ptr), rep.load_b(b_ptr)
    addends = [[load_piece(b, c_ptr, pc)] if accumulate else [] for pc in shape.c]
    sums = [xor_tree(b, rep.products(rep.columns(a, m), rep.rows(bm, m), m) + addends[m], pc.arr)
            for m, pc in enumerate(shape.c)]
    store_reduced(b, sums, c_ptr, shape.c)
    b.ret()


def describe_mul(b, shape: Shape):
    """c = a·b, arguments (a, b, c) as SNOVA Round 1's gf16m_mul."""
    a_ptr, b_ptr, c_ptr = b.params
    multiply(b, shape, a_ptr, b_ptr, c_ptr)


def describe_product(b, shape: Shape, accumulate):
    """c = a·b or c += a·b (either factor transposed as `shape` says), result
    first: arguments (c, a, b) as the official SNOVA 2.2 and Round 2 code's
    gf_mat_mul(c, a, b)."""
    c_ptr, a_ptr, b_ptr = b.params
    multiply(b, shape, a_ptr, b_ptr, c_ptr, accumulate)


def product_loop(b, shape, rep, accs, x_ptr, x_stride, y_ptr, y_stride, count, name, region):
    """A loop of `count` (> 0 at entry) products X·Y accumulated into accs."""
    loop = b.start_block(name, mca_region=region)
    x, y = rep.load_a(x_ptr), rep.load_b(y_ptr)
    b.gop("add", "x", x_ptr, x_stride, dst=x_ptr)
    b.gop("add", "x", y_ptr, y_stride, dst=y_ptr)
    for m, (acc, pc) in enumerate(zip(accs, shape.c)):
        b.eor(acc, xor_tree(b, rep.products(rep.columns(x, m), rep.rows(y, m), m), pc.arr), pc.arr, dst=acc)
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


def described(b, describe):
    """The function `describe` makes on a fresh builder like b (a trial)."""
    trial = KernelBuilder(b.symbol, [r.hint for r in b.params])
    describe(trial)
    return trial.function()


def is_rank2(shape):
    return shape == Shape(2, 2, 2)


VECTOR_REGISTERS = 32


def describe_scaled_sum(b, shape: Shape):
    """describe_dot for 1×1 left factors: acc += Σ_c x_c·Y_c, a linear combination
    of matrices with scalar weights (how SNOVA Round 3 weighs its blocks by the
    coefficients of Q1 and Q2). LD1R puts x_c in every lane, so each piece of Y_c
    takes one PMUL; the sum is reduced once, when it is stored."""
    acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count = b.params
    accs = [load_piece(b, acc_ptr, pc) for pc in shape.c]
    done = b.block_label("done")
    b.cbz(count, done)
    loop = b.start_block("loop", mca_region=f"gf16m_dot_{shape.name}")
    weight = b.load_replicated("16b", x_ptr)
    b.gop("add", "x", x_ptr, x_stride, dst=x_ptr)
    for acc, pc in zip(accs, shape.c):
        b.eor(acc, b.pmul(load_piece(b, y_ptr, pc), weight, pc.arr), pc.arr, dst=acc)
    b.gop("add", "x", y_ptr, y_stride, dst=y_ptr)
    b.gop_imm("subs", "x", count, 1, dst=count, sets_flags=True)
    b.b_cond("ne", loop)
    b.start_block("done")
    store_reduced(b, accs, acc_ptr, shape.c)
    b.ret()


def describe_dot(b, shape: Shape, hoist=None):
    """acc += Σ_{c < count} X_c·Y_c, X_c at x + c·xstride and Y_c at y + c·ystride
    (bytes): the accumulation loop of SNOVA's matrix-of-matrices products. The sum
    stays unreduced in registers across the loop (XOR of at most 7-bit terms)
    and is reduced once, when it is stored. The loop keeps as many index vectors
    in registers as the allocator can fit (`hoist` of them), and loads the
    others where they are used."""
    if shape.p == shape.q == 1:
        return describe_scaled_sum(b, shape)
    acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count = b.params
    rep = Products(b, shape)
    every = range(len(shape.c))
    if hoist is None:
        trial = lambda n: described(b, lambda t: describe_dot(t, shape, n))
        hoist = largest_that_fits(trial, len(shape.tbl_indices(every)))
    rep.hoist(every, hoist)
    accs = [load_piece(b, acc_ptr, pc) for pc in shape.c]
    if is_rank2(shape):
        count = packed_rank2_loop(b, accs[0], x_ptr, x_stride, y_ptr, y_stride, count)
    done = b.block_label("done")
    b.cbz(count, done)
    product_loop(b, shape, rep, accs, x_ptr, x_stride, y_ptr, y_stride, count, "loop",
                 None if is_rank2(shape) else f"gf16m_dot_{shape.name}")
    b.start_block("done")
    store_reduced(b, accs, acc_ptr, shape.c)
    b.ret()



@dataclass(frozen=True)
class RowdotPlan:
    """How rowdot walks a row: runs of `width` right factors in its main loop; the
    pieces of C in `bands`, each band a loop over k of its own (the band's
    replicated left factor and sums must fit the register file); `hoist`: each
    band's index vectors stay in registers through its loop."""
    width: int
    bands: tuple
    hoist: bool


def bands_of(shape, size):
    """The pieces of C in consecutive bands of `size`; a piece that overlaps the one
    before joins its band (the sums of both are loaded before either is stored)."""
    bands = []
    for m, pc in enumerate(shape.c):
        prev = shape.c[m - 1] if m else None
        overlaps = prev is not None and pc.offset < prev.offset + prev.lanes
        if bands and (len(bands[-1]) < size or overlaps):
            bands[-1].append(m)
        else:
            bands.append([m])
    return tuple(map(tuple, bands))


def band_registers(shape, band, width, hoist):
    """Vector registers a band's loop over k needs: the run's sums, the band's
    replicated left factor, hoisted index vectors, a right factor with its
    replicated rows (those shared by several pieces stay), products and temps."""
    columns = {r for m in band for r in shape.column_recipes[m]}
    rows = [r for m in band for r in shape.row_recipes[m]]
    shared = {r for r in rows if rows.count(r) > 1}
    indices = len(shape.tbl_indices(band)) if hoist else 0
    return width * len(band) + len(columns) + indices + len(shape.b) + len(shared) + 2 * shape.q + 1


def band_cost(shape, band, width):
    """Vector instructions per right factor and k besides the PMULs and EORs every
    plan has: the left factor's replication (once per run) and the rows'."""
    columns = [r for m in band for r in shape.column_recipes[m]]
    rows = [r for m in band for r in shape.row_recipes[m]]
    return replication_cost(columns) / width + replication_cost(rows)


def rowdot_plan(shape) -> RowdotPlan:
    """The cheapest plan that fits the register file, widest runs first."""
    candidates = []
    for size in range(len(shape.c), 0, -1):
        bands = bands_of(shape, size)
        for width in (8, 4, 2, 1):
            for hoist in (True, False):
                if all(band_registers(shape, band, width, hoist) <= VECTOR_REGISTERS for band in bands):
                    cost = sum(band_cost(shape, band, width) for band in bands)
                    candidates.append((cost, not hoist, -width, RowdotPlan(width, bands, hoist)))
    return min(candidates, key=lambda c: c[:3])[3]


# Rank 2 packs four matrices per register: runs of 16 in its main loop.
PACKED_WIDTH = 16


def packed_parts(width):
    """How a run of `width` consecutive 4-byte matrices moves between memory and
    registers, four per register: (view, byte offset, arrangement) per register."""
    size = width * 4
    views = [("q", 16)] * (size // 16) + [(v, n) for v, n in (("d", 8), ("s", 4)) if size % 16 & n]
    parts, offset = [], 0
    for view, nbytes in views:
        parts.append((view, offset, "16b" if view == "q" else "8b"))
        offset += nbytes
    return parts


def packed_rowdot_run(b, width, params, name, region):
    """Rank 2's run: X is loaded into all four 32-bit lanes (LD1R), so its spread
    columns serve four right factors per register; TRN on halfwords spreads
    the rows of the four Y matrices of each register."""
    acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count = params
    parts = packed_parts(width)
    accs = [b.load(view, acc_ptr, off) for view, off, _ in parts]
    xk, yk, k = b.mov_x(x_ptr), b.mov_x(y_ptr), b.mov_x(count)
    loop = b.start_block(name, mca_region=region)
    x = b.load_replicated("4s", xk)
    columns = [b.permute("trn1", x, x), b.permute("trn2", x, x)]
    for acc, (view, off, arr) in zip(accs, parts):
        y = b.load(view, yk, off)
        halves = "8h" if arr == "16b" else "4h"
        rows = [b.permute("trn1", y, y, halves), b.permute("trn2", y, y, halves)]
        b.eor(acc, xor_tree(b, [b.pmul(col, row, arr) for col, row in zip(columns, rows)], arr), arr, dst=acc)
    end_k_loop(b, xk, x_stride, yk, y_stride, k, loop)
    b.start_block(f"{name}_store")
    poly = b.movi(POLY)
    for acc, (view, off, arr) in zip(accs, parts):
        b.store(view, reduce_mod_poly(b, acc, arr, poly), acc_ptr, off)


def right_factor_bytes(shape, replicated):
    """Bytes of one right factor: its elements, or its replicated row recipes."""
    return REPLICA_BYTES * len(replicated_rows(shape)) if replicated else shape.q * shape.s


def rowdot_run(b, shape, plan, rep, width, params, name, region, replicated=False):
    """acc[c] += Σ_k X_k·Y_k[c] for the `width` matrices at the current acc and y,
    band by band. A band's sums stay in registers across its loop over k, and
    X_k is replicated once per k for the whole run; a copy of x, y and count
    walks each loop. Rank 3 moves each matrix of the run but the last with a
    16-byte access that also covers 7 bytes of the next matrix: TBL ignores
    those lanes, and the stores go in address order, so the next matrix's own
    store puts its result over them. `replicated`: the Y_k[c] are given as
    their row recipes' registers (replicated_rows), loaded instead of made."""
    acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count = params
    c_bytes, y_bytes = shape.p * shape.s, right_factor_bytes(shape, replicated)
    for i, band in enumerate(plan.bands):
        suffix = "" if len(plan.bands) == 1 else f"_b{i}"
        if plan.hoist and len(plan.bands) > 1:
            rep.hoist(band)
        layout = [shape.c[m] for m in band]
        accs = [[load_piece(b, acc_ptr, pc, j * c_bytes, j < width - 1) for pc in layout] for j in range(width)]
        xk, yk, k = b.mov_x(x_ptr), b.mov_x(y_ptr), b.mov_x(count)
        loop = b.start_block(name + suffix, mca_region=region and region + suffix)
        x = rep.load_a(xk)
        columns = {m: rep.columns(x, m) for m in band}
        for j in range(width):
            y = rep.load_replicated_b(yk, j * y_bytes) if replicated else rep.load_b(yk, j * y_bytes, j < width - 1)
            for acc, m, pc in zip(accs[j], band, layout):
                b.eor(acc, xor_tree(b, rep.products(columns[m], rep.rows(y, m), m), pc.arr), pc.arr, dst=acc)
        end_k_loop(b, xk, x_stride, yk, y_stride, k, loop)
        b.start_block(f"{name}{suffix}_store")
        poly = b.movi(POLY)
        for j in range(width):
            store_reduced(b, accs[j], acc_ptr, layout, j * c_bytes, poly, j < width - 1)


def form_prefix(folded, patterned, replicated=False):
    """The part of a rowdot's name that says its form (after gf16m_rowdot_)."""
    if folded:
        return "fold_pat_" if patterned else "fold_"
    return "rrep_" if replicated else ""


def describe_rowdot(b, shape: Shape, folded=False, patterned=False, replicated=False):
    """acc[c] += Σ_{k < count} X_k·Y_k[c] for c < n: one left factor X_k (at
    x + k·xstride) times a row of n consecutive right factors (at y + k·ystride),
    the shape of SNOVA's block-matrix products (P11·T12, T12ᵗ·P11, the public
    map's rows). X_k's replication is done once per k for the whole run, and the
    run's sums stay unreduced in registers across k. Runs of the plan's width
    loop; the n mod width left over go in runs of halving width, one per set
    bit of n. count >= 1; n may be 0. The folded form of folded.py where
    folds(shape) takes it, or as the second form of the shape when `folded`
    (`patterned`: X_k given as its rows' patterns, folded.PATTERN_BYTES each).
    `replicated`: the Y_k[c] given as their row recipes' registers, made once for
    a factor that many products share (replicated_rows)."""
    acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count, n = b.params
    params = (acc_ptr, x_ptr, x_stride, y_ptr, y_stride, count)
    region = f"gf16m_rowdot_{form_prefix(folded, patterned, replicated)}{shape.name}"
    assert not (replicated and (is_rank2(shape) or folded or folds(shape))), \
        "replicated: the replicated form only"
    if is_rank2(shape):
        width = PACKED_WIDTH
        run = lambda w, name, reg: packed_rowdot_run(b, w, params, name, reg)
    elif folded or folds(shape):
        form = FoldedRowdot(b, shape, patterned)
        width = folded_width(shape.p, patterned)
        run = lambda w, name, reg: form.run(w, params, name, reg)
    else:
        plan = rowdot_plan(shape)
        rep = Products(b, shape)
        if plan.hoist and len(plan.bands) == 1:
            rep.hoist(plan.bands[0])
        width = plan.width
        run = lambda w, name, reg: rowdot_run(b, shape, plan, rep, w, params, name, reg, replicated)

    def advanced_run(w, name, reg=None):
        run(w, name, reg)
        b.gop_imm("add", "x", acc_ptr, w * shape.p * shape.s, dst=acc_ptr)
        b.gop_imm("add", "x", y_ptr, w * right_factor_bytes(shape, replicated), dst=y_ptr)

    runs = b.gop_imm("lsr", "x", n, width.bit_length() - 1)
    after_full = b.block_label("partial")
    b.cbz(runs, after_full)
    full = b.start_block("full")
    advanced_run(width, "full_k", region)
    b.gop_imm("subs", "x", runs, 1, dst=runs, sets_flags=True)
    b.b_cond("ne", full)
    b.start_block("partial")
    while width > 1:
        width //= 2
        skip = b.block_label(f"after{width}")
        b.tbz(n, width.bit_length() - 1, skip)
        b.start_block(f"run{width}")
        advanced_run(width, f"run{width}_k")
        b.start_block(f"after{width}")
    b.ret()
