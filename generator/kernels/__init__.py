"""The catalogue of kernels the generator can emit: each entry names its file,
its C prototype and the function that describes it on a KernelBuilder."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from .. import plan
from ..features import ARCH
from . import (aes, aes256, gauss, gf16, keccak_gpr, keccak_mixed, keccak_simd, linsys, matrix, tables, tables_gather,
               tables_right, tables_weights, transpose, unpack)
from . import folded as folded_form   # (rowdot_kernel has a flag named folded)

RANKS = (2, 3, 4, 5, 6, 8)
GF16_FAMILIES = ("add", "mul")
# The products written the way the official SNOVA 2.2 and Round 2 code calls
# them, result first: mac (c += a·b), tmul (c = aᵀ·b, c = a·bᵀ), tmac (c += aᵀ·b,
# c += a·bᵀ).
FORM_FAMILIES = ("mac", "tmul", "tmac")
RANK_FAMILIES = (*GF16_FAMILIES, "dot", "rowdot", "linsys", *FORM_FAMILIES)
SNOVA_RANKS = (2, 3, 4, 5)
# The ranks each family of square kernels has: ranks 6 and 8 are only needed as
# r×r products of SNOVA Round 3; linsys here is Round 1's fixed-size signing
# kernel (Round 3's is per (l, r) pair: linsys_pair_kernel).
FAMILY_RANKS = {"add": SNOVA_RANKS, "mul": RANKS, "dot": RANKS, "rowdot": RANKS, "linsys": (2, 3, 4),
                **dict.fromkeys(FORM_FAMILIES, SNOVA_RANKS)}
# SNOVA Round 3's (l, r) pairs.
PAIRS = ((2, 2), (4, 4), (4, 5), (4, 6), (4, 8), (5, 5), (5, 6), (5, 8))
# The ranks of SNOVA Round 2's signing system, l² + l terms of l×l blocks per
# equation: the l = r case of the Round 3 system kernel (rank 3 is no Round 3 pair).
SQUARE_SYSTEM_RANKS = (2, 3, 4, 5)
# The choices of the variant plan (generator/plan.yaml) that decide which kernel forms
# the catalogue has; each form's measured gain is its variant record there.
# The pairs whose quadratic forms stack the l factors X^t S^a of a signature block
# into one (l·r)×l left factor (the plan's layout `stacked`).
STACKED_PAIRS = tuple((l, r) for _, l, r in plan.layout_shapes("stacked"))
# The pairs whose r×l·l×l rowdot (the public map's rows times the signature's r×l
# factors) also has the folded form (folded.py), which the kernel table takes where
# table lookups do not pay.
FOLDED_PAIRS = plan.shapes_taking("_fold", 3)
# Rounds 1 and 2's ranks that stack their l factors too (the plan's layout
# `quad_stacked`; 9×3·3×3 and 25×5·5×5, by PMUL and by single tables). (Round 3's
# stacked pairs multiply by pair tables: their stacked factors take no PMUL rowdot.)
SQUARE_STACKED_RANKS = tuple(sorted({l for rnd, l, _ in plan.layout_shapes("quad_stacked") if rnd < 3}))
# The ranks beyond the Round 3 pairs' 4 and 5 whose products by T12 take table
# forms, on the right (tables_right.py) and the left (tables_gather.py): rank 3
# of Rounds 1 and 2, and rank 2.
SQUARE_T12_TABLE_RANKS = (2, 3)
# The ranks whose rowdot also takes right factors given replicated (their row
# recipes' registers, made once for a factor many products share: the
# signature's Yt blocks, T12), and with it their Round 3 pairs' r×l·l×l rowdot
# (the signature's T·T12): where a row of the plan fills rowdot_rrep.
REPLICATED_RANKS = tuple(sorted({l for rnd in (1, 2, 3) for l, _ in plan.shapes_filling("rowdot_rrep", rnd)}))
# The pairs whose products by the signature's l×r Yt blocks (the Z sums' r×l·l×r
# and G2's l×l·l×r) also take them replicated (r = 8, whose 8-byte rows a DUP
# repeats over a register): the plan's rowdot_rrep_llr.
REPLICATED_YT_PAIRS = plan.shapes_filling("rowdot_rrep_llr", 3)
# The pairs whose Z sums go by the signature's factors' pair tables times T's
# blocks read transposed (rowdot_pair_tables_transposed_kernel), then are
# transposed back: the plan's rowdot_ptbl_zt. Rank 5's transposes come from
# windows of T's blocks (tables_gather.LeftTables.transposed_rows).
Z_TRANSPOSED_PAIRS = plan.shapes_filling("rowdot_ptbl_zt", 3)
# Of those, the ones whose transposes are also gathered once per k into runs
# (interleave_runs_kernel(l, r)) instead of once per k and b, then multiplied as
# the interleaved form takes them: the plan's interleave_transposes.
Z_RUNS_PAIRS = plan.shapes_filling("interleave_transposes", 3)


# The in-order little cores' machine model, which schedules the pair-table forms
# they take (KernelSpec.cpu): its schedule spreads their table loads among the
# lookups, where the generic model's issues them back to back. Not the stacked
# 25x5x5, whose bands it schedules worse.
LITTLE_CORE = "cortex-a55"


@dataclass(frozen=True)
class KernelSpec:
    name: str              # file stem and symbol suffix: out/<name>.S defines <prefix><name>
    params: tuple          # C parameter names, in argument-register order
    c_signature: str       # prototype with {symbol} for the function name
    doc: str               # one line for the header and the file banner
    describe: Callable     # describe(builder) appends the kernel's instructions
    options: str = ""      # generator options that shape this kernel's code, for its banner
    features: tuple = ("AdvSIMD",)   # CPU features it needs at run time (FEAT_<name>), a key of features.ARCH
    # the machine model that schedules it when gen.py is left at the generic one, where
    # that model's schedule measured faster on the cores that take the kernel
    cpu: str = ""

    @property
    def arch(self):
        """The .arch directive of its file."""
        return ARCH[self.features]


def square(rank) -> gf16.Shape:
    return gf16.Shape(rank, rank, rank)


def matrices(shape: gf16.Shape) -> str:
    """How a kernel's doc names its matrices."""
    if shape.p == shape.q == 1:
        return f"GF(16) scalars times {shape.s}-byte matrices"
    if shape.p == shape.q == shape.s:
        return f"GF(16) {shape.p}x{shape.p} matrices"
    return f"GF(16) {shape.p}x{shape.q} times {shape.q}x{shape.s} matrices (result {shape.p}x{shape.s})"


# C types of the GF(16) kernels' parameters, by name: prototypes are made from
# the parameter list.
C_TYPES = {**dict.fromkeys(("a", "b", "x", "y", "lx", "B", "A", "rx", "tab"), "const uint8_t *"),
           **dict.fromkeys(("c", "acc", "coef", "out"), "uint8_t *"),
           **dict.fromkeys(("xstride", "ystride", "tstride", "xrow", "count", "n", "rows"), "size_t ")}
PRODUCT_PARAMS = ("a", "b", "c")
FORM_PARAMS = ("c", "a", "b")
SUM_PARAMS = ("acc", "x", "xstride", "y", "ystride", "count")
LINSYS_PARAMS = ("coef", "lx", "B", "A", "rx")


def gf16_spec(name, params, doc, describe, cpu="") -> KernelSpec:
    prototype = "void {symbol}(" + ", ".join(C_TYPES[p] + p for p in params) + ")"
    return KernelSpec(name=name, params=params, c_signature=prototype, doc=doc, describe=describe, cpu=cpu)


def square_doc(rank, what):
    return (f"GF(16) {rank}x{rank} matrices ({rank * rank} bytes, row-major, one element per byte): {what}; "
            f"c may alias a or b")


def add_kernel(rank) -> KernelSpec:
    return gf16_spec(f"gf16m_add_r{rank}", PRODUCT_PARAMS, square_doc(rank, "c = a + b (bytewise XOR)"),
                     partial(gf16.describe_add, rank=rank))


def mul_kernel(shape) -> KernelSpec:
    what = "c = a * b (matrix product)"
    if shape.p == shape.q == shape.s:
        doc = square_doc(shape.p, what)
    else:
        may = "a" if shape.q == shape.s else "b" if shape.p == shape.q else "neither a nor b"
        doc = f"{matrices(shape)}, row-major, one element per byte: {what}; c may be {may}, and must not " \
              f"otherwise overlap a or b"
    return gf16_spec(f"gf16m_mul_{shape.name}", PRODUCT_PARAMS, doc, partial(gf16.describe_mul, shape=shape))


# Each form: (name infix, what it computes, A stored transposed, B stored transposed).
FORMS = {"mac": [("mac", "c += a * b", False, False)],
         "tmul": [("mul_at", "c = transpose(a) * b", True, False), ("mul_bt", "c = a * transpose(b)", False, True)],
         "tmac": [("mac_at", "c += transpose(a) * b", True, False),
                  ("mac_bt", "c += a * transpose(b)", False, True)]}


def form_kernels(family, rank):
    """The square products of one form family, arguments (c, a, b): result first."""
    return [gf16_spec(f"gf16m_{infix}_r{rank}", FORM_PARAMS, square_doc(rank, f"{what}, arguments (c, a, b)"),
                      partial(gf16.describe_product, shape=gf16.Shape(rank, rank, rank, ta, tb),
                              accumulate=infix.startswith("mac")))
            for infix, what, ta, tb in FORMS[family]]


def linsys_kernel(rank) -> KernelSpec:
    lsq = rank * rank
    return gf16_spec(f"gf16m_linsys_coeffs_r{rank}", LINSYS_PARAMS,
                     f"SNOVA signing system, rank {rank}: coef[r][v] ({lsq}x{lsq} bytes) = sum over a < {lsq} of "
                     f"lx_a[ra][ve]*B_a[vf][rb] + A_a[ra][vf]*rx_a[ve][rb], r = (ra,rb), v = (ve,vf); "
                     f"lx, B, A, rx: {lsq} consecutive {rank}x{rank} matrices each",
                     partial(linsys.describe_linsys_coeffs, rank=rank))


def dot_kernel(shape) -> KernelSpec:
    return gf16_spec(f"gf16m_dot_{shape.name}", SUM_PARAMS,
                     f"{matrices(shape)}: acc += sum over c < count of X_c * Y_c, X_c at x + c*xstride, "
                     f"Y_c at y + c*ystride (strides in bytes); acc must not overlap any X_c or Y_c",
                     partial(gf16.describe_dot, shape=shape))


def rowdot_kernel(shape, folded=False, patterned=False, replicated=False) -> KernelSpec:
    """rowdot of `shape`; folded: its second form gf16m_rowdot_fold_<shape>
    (folded.py; the kernel table picks one of the two per core), patterned: that
    form with X_k given as gf16m_fold_patterns, gf16m_rowdot_fold_pat_<shape>;
    replicated: Y_k[c] given with each row repeated over a register,
    gf16m_rowdot_rrep_<shape>."""
    given = (f"given as the gf16m_fold_patterns of its {shape.p} rows ({folded_form.PATTERN_BYTES * shape.p} "
             f"bytes) at" if patterned else "at")
    y_bytes, rep = gf16.right_factor_bytes(shape, replicated), matrix.REPLICA_BYTES
    y_given = (f"given replicated ({y_bytes} bytes: bytes {rep}i to {rep}i+{rep - 1} hold row i of Y_k[c] "
               f"{rep // shape.s} times) " if replicated else "")
    return gf16_spec(f"gf16m_rowdot_{gf16.form_prefix(folded, patterned, replicated)}{shape.name}",
                     (*SUM_PARAMS, "n"),
                     f"{matrices(shape)}: acc[c] += sum over k < count of X_k * Y_k[c] for c < n, X_k {given} "
                     f"x + k*xstride, Y_k[c] {y_given}at y + k*ystride + c*{y_bytes} "
                     f"(strides in bytes); count >= 1; acc (n consecutive matrices) must not overlap any X_k or "
                     f"Y_k[c]",
                     partial(gf16.describe_rowdot, shape=shape, folded=folded, patterned=patterned,
                             replicated=replicated))


def square_rowdot_kernels(rank):
    """Rank `rank`'s rowdot, its form by replicated right factors where it has
    one, and where it is folded its patterned form (T12's blocks, made into
    patterns once per key, times the public map's blocks)."""
    shape = square(rank)
    kernels = [rowdot_kernel(shape)]
    if rank in REPLICATED_RANKS:
        kernels.append(rowdot_kernel(shape, replicated=True))
    if folded_form.folds(shape):
        kernels += [rowdot_kernel(shape, folded=True, patterned=True), fold_patterns_kernel()]
    return kernels


def fold_patterns_kernel() -> KernelSpec:
    return gf16_spec("gf16m_fold_patterns", ("out", "x", "rows"),
                     f"the folded rowdot's row patterns: out[{folded_form.PATTERN_BYTES}i ..] = the two 16-byte "
                     f"patterns of row i of x (rows of 5 elements, rows >= 2; {folded_form.PATTERN_BYTES}*rows "
                     f"bytes), made by TBL in registers; out must not overlap x", folded_form.describe_fold_patterns)


# family -> rank -> its kernels of that rank
_RANKED = {"add": lambda r: [add_kernel(r)], "mul": lambda r: [mul_kernel(square(r))],
           "dot": lambda r: [dot_kernel(square(r))], "rowdot": square_rowdot_kernels,
           "linsys": lambda r: [linsys_kernel(r)], **{f: partial(form_kernels, f) for f in FORM_FAMILIES}}
_PRODUCT = {"mul": mul_kernel, "dot": dot_kernel, "rowdot": rowdot_kernel}


def ranked_kernels(ranks=RANKS, families=RANK_FAMILIES):
    """The square kernels, by rank and family (a family has only the ranks in FAMILY_RANKS)."""
    return [k for r in ranks for f in families if r in FAMILY_RANKS[f] for k in _RANKED[f](r)]


def pair_shapes(l, r, family):
    """The products SNOVA Round 3 forms for one (l, r) pair, square ones included:
    every family has l×l·l×r, r×l·l×l, r×l·l×r, r×r·r×r and r×r·r×l; mul also
    l×r·r×l (the signing system's Q1·(.)·B), dot also scalars times l×r and r×r
    matrices (the weighing by the coefficients of Q1 and Q2). (The STACKED_PAIRS'
    stacked factors go by pair tables: pair_kernels.)"""
    dims = [(l, l, r), (r, l, l), (r, l, r), (r, r, r), (r, r, l)]
    dims += {"mul": [(l, r, l)], "dot": [(1, 1, l * r), (1, 1, r * r)]}.get(family, [])
    return list(dict.fromkeys(gf16.Shape(*d) for d in dims))


# The ranks whose Round 3 pairs have table-form products (tables.py; rank 5:
# tables_gather.py, tables_right.py).
TABLE_RANKS = (tables.L, 5)


def table_rows(l, r):
    """Rows of the left factor of the table-form rowdot of an (l, r) pair: r×l per
    a, or (l·r)×l where the pair is stacked; None where rank l has no table form."""
    if l not in TABLE_RANKS:
        return None
    return l * r if (l, r) in STACKED_PAIRS else r


def mul_tables_kernel() -> KernelSpec:
    return gf16_spec("gf16m_mul_tables", ("out", "x", "n"),
                     "GF(16) product tables: out[16e + y] = x[e]*y for e < n, y < 16 (16n bytes), made in "
                     "registers (PMUL), constant time; out must not overlap x",
                     tables.describe_mul_tables)


def rowdot_tables_kernel(l, p) -> KernelSpec:
    """The rowdot of a p×l left factor given as tables and l×l right factors."""
    describe = (partial(tables.describe_rowdot_tables, p=p) if l == tables.L
                else partial(tables_gather.describe_rowdot_left_tables, l=l, p=p))
    sq = l * l
    return gf16_spec(tables.rowdot_tables_name(l, p), ("acc", "tab", "tstride", "y", "ystride", "count", "n"),
                     f"GF(16) {p}x{l} times {l}x{l} matrices by table lookup: acc[c] ({p}x{l}, at acc + {l * p}c) "
                     f"+= sum over k < count of X_k * Y_k[c] for c < n, X_k given as the gf16m_mul_tables of its "
                     f"{l * p} elements at tab + k*tstride, Y_k[c] at y + k*ystride + {sq}c (strides in bytes); "
                     f"count >= 1; acc must not overlap the tables or any Y_k[c]", describe)


def rowdot_right_tables_kernel(l) -> KernelSpec:
    sq, group = l * l, tables_right.group_rows(l)
    describe = (tables.describe_rowdot_right_tables if l == tables.L
                else partial(tables_right.describe_rowdot_right_tables_columns, l=l))
    return gf16_spec(f"gf16m_rowdot_rtbl_{l}x{l}x{l}", ("acc", "x", "xrow", "tab", "count", "n", "rows"),
                     f"GF(16) {l}x{l} matrices times fixed {l}x{l} matrices by table lookup: acc[r][c] (at acc + "
                     f"{sq}(r*n + c)) += sum over k < count of X[r][k] * T_k[c] for r < rows and c < n, X[r][k] at "
                     f"x + r*xrow + {sq}k, T_k[c] given as the gf16m_mul_tables of its {sq} elements at tab + "
                     f"{16 * sq}(k*n + c); rows a multiple of {group}, count >= 1; acc must not overlap X or the "
                     f"tables", describe)


def mul_pair_tables_kernel(l, rows=None) -> KernelSpec:
    """The pair tables' maker for rows of l elements, or for whole matrices of an
    odd number of `rows`."""
    t = 16 * l
    if rows is not None and rows % 2:
        size = rows * l
        what = (f"for each of n {rows}x{l} matrices (x + {size}i) its {rows // 2 + 1} pair tables "
                f"(out + {t * (rows // 2 + 1)}i + {t}q + 16m + y: rows 2q and 2q+1, the last row paired with a zero "
                f"row)")
    else:
        what = (f"out[{t}q + 16m + y] = x[{2 * l}q+m]*y | x[{2 * l}q+{l}+m]*y << 4 for q < n, m < {l}, y < 16 "
                f"(rows 2q and 2q+1 of a matrix of {l}-element rows, two products a byte; {t}n bytes)")
    return gf16_spec(tables.pair_tables_name(l, rows), ("out", "x", "n"),
                     f"GF(16) pair tables: {what}, made in registers (PMUL), constant time; n may be 0; out must not "
                     f"overlap x", partial(tables.describe_mul_pair_tables, l=l, rows=rows))


def rowdot_pair_tables_kernel(l, p, wide=False, interleaved=False, s=None) -> KernelSpec:
    """rowdot_tables_kernel with the left factor's rows in pairs (an odd p's last
    row paired with a zero row); `wide` (l = 4): in runs of eight right factors,
    for the cores where loads cost most (tables.WIDE_RUN); `interleaved`: the
    right factors' runs as unpack_runs_kernel (l = 4) or interleave_runs_kernel
    (l = 5, two runs a table load) writes them. s (l = 5, interleaved): l×s
    right factors, the transposes of T's s×l blocks (the Z sums of
    Z_RUNS_PAIRS) as interleave_runs_kernel(l, s) writes them."""
    if l == tables.L:
        describe = partial(tables.describe_rowdot_tables, p=p, paired=True, wide=wide, interleaved=interleaved)
    else:
        describe = partial(tables_gather.describe_rowdot_left_tables, l=l, p=p, paired=True, s=s,
                           interleaved=interleaved, runs=tables_gather.SHARED_LOAD_RUNS if interleaved else 1)
    if not interleaved:
        where = f"at y + k*ystride + {l * l}c"
    elif l == tables.L:
        where = (f"a row of n at y + k*ystride as gf16m_unpack_runs_r{l} writes it (runs of {unpack.RUN}, one of "
                 f"{unpack.HALF_RUN}, the n mod {unpack.HALF_RUN} left over as stored)")
    else:
        where = (f"in runs of {tables_gather.run_length(s or l)} as {tables_gather.interleave_runs_name(l, s)} "
                 f"writes them, run g of Y_k at y + k*ystride + {tables_gather.interleaved_run_bytes(l)}g")
    runs = " (runs of eight right factors, each table loaded once for eight)" if wide else ""
    # scheduled for the in-order little cores: the forms they take (l = 4's
    # interleaved wide one too, which cortex-a72 also takes)
    little = wide or interleaved
    cols = s or l
    return gf16_spec(tables.rowdot_tables_name(l, p, paired=True, s=s, wide=wide, interleaved=interleaved),
                     ("acc", "tab", "tstride", "y", "ystride", "count", "n"),
                     f"GF(16) {p}x{l} times {l}x{cols} matrices by paired table lookup{runs}: acc[c] ({p}x{cols}, at "
                     f"acc + {cols * p}c) += sum over k < count of X_k * Y_k[c] for c < n, X_k given as the "
                     f"{tables.pair_tables_name(l, p)} of its {-(-p // 2)} row pairs at tab + k*tstride, Y_k[c] "
                     f"{where} (strides in bytes); count >= 1; acc must not overlap the tables or any Y_k[c]",
                     describe, cpu=LITTLE_CORE if little else "")


def unpack_runs_kernel() -> KernelSpec:
    l, run, half = tables.L, unpack.RUN, unpack.HALF_RUN
    return gf16_spec(f"gf16m_unpack_runs_r{l}", ("out", "x", "n"),
                     f"GF(16) {l}x{l} matrices from packed nibbles (element 2t the low nibble of byte t) in runs for "
                     f"the interleaved paired rowdot: the row of n blocks packed at x ({unpack.PACKED_BLOCK}n bytes) "
                     f"to out as {run * l * l}-byte runs of {run} (row m of blocks 0..3 at 32m, of blocks 4..7 at 32m "
                     f"+ 16, lane {l}c + j = element (m, j)), then a run of {half} where n mod {run} >= {half} (row m "
                     f"at 16m), then the n mod {half} left over as stored; reads exactly the {unpack.PACKED_BLOCK}n "
                     f"bytes, writes {unpack.BLOCK}n; n may be 0; out must not overlap x", unpack.describe_unpack_runs)


# Terms a run of the equations' weighted sums takes (tables_weights.py): their
# sums of up to four 16-byte pieces, one Z_ab's pieces and a table fit the
# registers.
WEIGHT_RUN = 8


def rowdot_pair_weights_kernel(r) -> KernelSpec:
    """The equations' weighted sums of r×r matrices (Round 3's Z_ab), the weights
    of WEIGHT_RUN terms given as the pair tables of two terms' weights."""
    s, p = r * r, WEIGHT_RUN
    return gf16_spec(tables.rowdot_tables_name(1, p, paired=True, s=s),
                     ("acc", "tab", "tstride", "y", "ystride", "count", "n"),
                     f"GF(16) weighted sums of {s}-byte matrices by paired table lookup: acc[c] ({p}x{s}, at acc + "
                     f"{p * s}c) += sum over k < count of X_k * Y_k[c] for c < n, X_k ({p}x1: the k-th weight of "
                     f"{p} sums) given as the pair tables of its {p // 2} pairs of elements at tab + k*tstride (16 "
                     f"bytes a pair), Y_k[c] ({s} bytes) at y + k*ystride + {s}c (strides in bytes); count >= 1; acc "
                     f"must not overlap the tables or any Y_k[c]",
                     partial(tables_weights.describe_rowdot_pair_weights, p=p, s=s))


def interleave_runs_kernel(l, r=None) -> KernelSpec:
    """The public map's l×l blocks in runs for the interleaved rowdots or, given
    r, the transposes of T's r×l blocks (the Z sums of Z_RUNS_PAIRS)."""
    s = r or l
    run, size = tables_gather.run_length(s), tables_gather.interleaved_run_bytes(l)
    what, lane = (f"the transposes of GF(16) {r}x{l} matrices", "[j][m]") if r else (f"GF(16) {l}x{l} matrices",
                                                                                     "[m][j]")
    return gf16_spec(tables_gather.interleave_runs_name(l, r), ("out", "x", "n"),
                     f"{what} in runs of {run} for the interleaved rowdots: run g of the n at x (one after the other) "
                     f"to out + {size}g, row m of the run at out + {size}g + 16m, lane {s}c + j = x[{run}g + c]{lane} "
                     f"and every other lane zero; reads exactly the {l * s}n bytes, writes {size} per run (the n mod "
                     f"{run} left over in one); n may be 0; out must not overlap x",
                     partial(tables_gather.describe_interleave_runs, l=l, r=r))


def rowdot_pair_tables_transposed_kernel(l, r) -> KernelSpec:
    """The Z sums, transposed: the pair tables of the signature's factors ((l·r)×l
    where stacked, else r×l, one b at a time) times the transposes of r×l
    matrices (T's), Z_abᵗ = Σ_k Ut[k][b]·T[a][k]ᵗ; the r×l ones two runs a table
    load."""
    p = table_rows(l, r)
    runs = 1 if (l, r) in STACKED_PAIRS else tables_gather.SHARED_LOAD_RUNS
    describe = (partial(tables.describe_rowdot_tables, p=p, paired=True, transposed=True) if l == r == tables.L
                else partial(tables_gather.describe_rowdot_left_tables, l=l, p=p, paired=True, s=r, transposed=True,
                             runs=runs))
    return gf16_spec(tables.rowdot_tables_name(l, p, True, r, True),
                     ("acc", "tab", "tstride", "y", "ystride", "count", "n"),
                     f"GF(16) {p}x{l} times the transposes of {r}x{l} matrices by paired table lookup: acc[c] "
                     f"({p}x{r}, at acc + {p * r}c) += sum over k < count of X_k * Y_k[c]^t for c < n, X_k given as "
                     f"the {tables.pair_tables_name(l)} of its {p // 2} row pairs at tab + k*tstride, Y_k[c] "
                     f"({r}x{l}) at y + k*ystride + {l * r}c (strides in bytes); count >= 1; acc must not overlap the "
                     f"tables or any Y_k[c]", describe, cpu=LITTLE_CORE)


def transpose_kernel(r) -> KernelSpec:
    return gf16_spec(f"gf16m_transpose_r{r}", ("out", "x", "n"),
                     f"GF(16) {r}x{r} matrices transposed: out[c] = x[c]^t for c < n ({r * r} bytes each, one after "
                     f"the other in both), by TBL, constant time; n may be 0; out must not overlap x",
                     partial(transpose.describe_transpose, r=r))


def linsys_pair_kernel(l, r) -> KernelSpec:
    n = l * r
    return gf16_spec(f"gf16m_linsys_l{l}r{r}", (*LINSYS_PARAMS, "count"),
                     f"SNOVA Round 3 signing system, l = {l}, r = {r}: coef[row][col] ({n}x{n} bytes, "
                     f"overwritten) = sum over a < count of lx_a[ra][ve]*B_a[vf][rb] + A_a[ra][vf]*rx_a[ve][rb], "
                     f"row = ra*{l}+rb, col = ve*{r}+vf; lx, B ({r}x{l}), A ({r}x{r}), rx ({l}x{l}): count "
                     f"consecutive matrices each, not overlapping coef; count >= 1",
                     partial(linsys.describe_linsys_pair, l=l, r=r))


def pair_kernels(pairs=PAIRS, families=RANK_FAMILIES):
    """What the given (l, r) pairs need, by family: rank l's square kernels, the
    products of every shape (the square ones under their rank's name), and the
    Round 3 signing-system kernel (family linsys)."""
    selected = {}
    for l, r in pairs:
        for f in families:
            if f == "linsys":
                kernels = [linsys_pair_kernel(l, r)]
            else:
                kernels = ranked_kernels((l,), (f,))
                if f in _PRODUCT:
                    kernels += [_PRODUCT[f](shape) for shape in pair_shapes(l, r, f)]
                if f == "rowdot" and l in REPLICATED_RANKS and r != l:
                    kernels.append(rowdot_kernel(gf16.Shape(r, l, l), replicated=True))
                if f == "rowdot" and (l, r) in REPLICATED_YT_PAIRS:
                    kernels += [rowdot_kernel(gf16.Shape(p, l, r), replicated=True)
                                for p in ((l,) if (l, r) in Z_TRANSPOSED_PAIRS else (r, l))]
                if f == "rowdot" and (l, r) in FOLDED_PAIRS:
                    kernels += [rowdot_kernel(gf16.Shape(r, l, l), folded=True), fold_patterns_kernel()]
                if f == "rowdot" and table_rows(l, r):
                    # the public map's rows by the signature's factors (two rows a TBL, on
                    # every core, where their rows pair up), and the products by T12 on
                    # either side
                    rows = table_rows(l, r)
                    # rank 5's unstacked factors take the public map's blocks interleaved,
                    # gathered once for the l factors of a signature block (tables_gather.py)
                    interleaved = l != tables.L and (l, r) not in STACKED_PAIRS
                    kernels += [mul_tables_kernel(), mul_pair_tables_kernel(l, rows),
                                rowdot_pair_tables_kernel(l, rows, interleaved=interleaved),
                                rowdot_tables_kernel(l, l), rowdot_right_tables_kernel(l)]
                    if interleaved:
                        kernels.append(interleave_runs_kernel(l))
                    # the equations' weighted sums of Z, by the weights' pair tables
                    kernels.append(rowdot_pair_weights_kernel(r))
                    if l == tables.L:
                        kernels.append(rowdot_pair_tables_kernel(l, rows, wide=True))
                    if l == tables.L:
                        # the public map unpacked into runs in verification, loaded as it is
                        kernels += [unpack_runs_kernel(),
                                    rowdot_pair_tables_kernel(l, rows, wide=True, interleaved=True)]
                    if (l, r) in Z_TRANSPOSED_PAIRS:
                        # the Z sums, transposed, by the same pair tables, and their
                        # transposes back
                        kernels += [rowdot_pair_tables_transposed_kernel(l, r), transpose_kernel(r)]
                    if (l, r) in Z_RUNS_PAIRS:
                        # and over T's transposes in runs
                        kernels += [interleave_runs_kernel(l, r),
                                    rowdot_pair_tables_kernel(l, r, interleaved=True, s=r)]
            selected.update((k.name, k) for k in kernels)
    return list(selected.values())


AES_WAYS = aes.WAYS
AES_DEFAULT_WAYS = aes.DEFAULT_WAYS
AES_FEATURES = ("AdvSIMD", "AES")


def aes_kernels(ways=AES_DEFAULT_WAYS):
    """AES-128 key schedule, CTR keystream and PRNG (`ways` counter blocks per
    iteration of the CTR loops), and the AES-256 block encryption of the KAT
    generator's DRBG."""
    options = f"--aes-ways {ways}"
    return [
        KernelSpec(
            name="aes128_key_expand",
            params=("key", "rk"),
            c_signature="void {symbol}(const uint8_t key[16], uint8_t rk[176])",
            doc="AES-128 key schedule: the 11 FIPS-197 round keys of key, 176 bytes; table-free, "
                "constant time",
            describe=aes.describe_key_expand,
            features=AES_FEATURES,
        ),
        KernelSpec(
            name="aes128_ctr_keystream",
            params=("out", "len", "iv", "rk"),
            c_signature="void {symbol}(uint8_t *out, size_t len, const uint8_t iv[16], const uint8_t rk[176])",
            doc="AES-128-CTR keystream, len bytes (any len) to out under round keys rk; counter block i = iv "
                "with bytes 12..15 = big-endian (iv[12..15] + i) mod 2^32 (SP 800-38A, 32-bit counter)",
            describe=partial(aes.describe_ctr_keystream, ways=ways),
            options=options,
            features=AES_FEATURES,
        ),
        KernelSpec(
            name="aes128_ctr_prng",
            params=("out", "len", "key"),
            c_signature="void {symbol}(uint8_t *out, size_t len, const uint8_t key[16])",
            doc="SNOVA public-key expansion: AES-128-CTR keystream of key with a zero IV, len bytes to out; "
                "round keys stay in registers and are wiped before return",
            describe=partial(aes.describe_ctr_prng, ways=ways),
            options=options,
            features=AES_FEATURES,
        ),
        KernelSpec(
            name="aes256_ecb",
            params=("out", "in", "blocks", "key"),
            c_signature="void {symbol}(uint8_t *out, const uint8_t *in, size_t blocks, const uint8_t key[32])",
            doc="AES-256 encryption of `blocks` 16-byte blocks from in to out under key (FIPS 197), for the "
                "KAT generator's AES-256 CTR_DRBG; round keys stay in registers and are wiped before return",
            describe=aes256.describe_ecb,
            features=AES_FEATURES,
        ),
    ]


def solve_kernels():
    """Rank-independent: the signing system's constant-time Gaussian elimination."""
    return [
        KernelSpec(
            name="gf16_solve",
            params=("g", "n", "stride"),
            c_signature="uint8_t {symbol}(uint8_t *g, size_t n, size_t stride)",
            doc="GF(16) linear system, constant time: g holds n < 256 rows of stride bytes (stride a multiple "
                "of 16, >= n+1), one element per byte, row i = [b_i | A_i0 .. A_i,n-1 | zeros]; returns 0xFF and "
                "the solution x_k in byte 0 of row n-1-k when the system is regular, 0 when singular",
            describe=gauss.describe_solve,
        ),
    ]


KECCAK_LAZY = keccak_gpr.LAZY_CHOICES
KECCAK_DEFAULT_LAZY = keccak_gpr.DEFAULT_LAZY
KECCAK_MIXED_DEFAULT_LAZY = keccak_gpr.MIXED_DEFAULT_LAZY
SHA3_FEATURES = ("AdvSIMD", "SHA3")


def keccak_kernels(lazy=KECCAK_DEFAULT_LAZY, mixed_lazy=KECCAK_MIXED_DEFAULT_LAZY):
    """Keccak-f[1600]: one state on general registers (rho rotations per `lazy`,
    see keccak_gpr.py, and all of them carried), two in Advanced SIMD, one or
    two with FEAT_SHA3, and three or four mixed (one, or two taking turns, on
    general registers, rotations per `mixed_lazy`, beside two in Advanced SIMD)."""
    lanes = "lanes little-endian 64-bit words, lane (x, y) at s[x + 5y]"
    two = "two independent states s[0..24] and s[25..49]"
    return [
        KernelSpec(name="keccakf1600", params=("s",), c_signature="void {symbol}(uint64_t s[25])",
                   doc=f"Keccak-f[1600] in place on general registers (ARMv8.0), {lanes}",
                   describe=partial(keccak_gpr.describe_keccakf1600, lazy=lazy), options=f"--keccak-lazy {lazy}",
                   features=()),
        KernelSpec(name="keccakf1600_carried", params=("s",), c_signature="void {symbol}(uint64_t s[25])",
                   doc=f"Keccak-f[1600] in place on general registers (ARMv8.0), every rho rotation carried on "
                       f"shifted operands across rounds (fewest instructions; for cores whose shifted operands cost "
                       f"what plain ones do), {lanes}",
                   describe=partial(keccak_gpr.describe_keccakf1600, lazy="all"), features=()),
        KernelSpec(name="keccakf1600_x2", params=("s",), c_signature="void {symbol}(uint64_t s[50])",
                   doc=f"Keccak-f[1600] in place on {two}, one per 64-bit vector lane (Advanced SIMD); {lanes}",
                   describe=keccak_simd.describe_neon),
        KernelSpec(name="keccakf1600_sha3", params=("s",), c_signature="void {symbol}(uint64_t s[25])",
                   doc=f"Keccak-f[1600] in place with FEAT_SHA3 (EOR3, RAX1, XAR, BCAX), {lanes}",
                   describe=keccak_simd.describe_sha3_one, features=SHA3_FEATURES),
        KernelSpec(name="keccakf1600_x2_sha3", params=("s",), c_signature="void {symbol}(uint64_t s[50])",
                   doc=f"Keccak-f[1600] in place on {two} with FEAT_SHA3; {lanes}",
                   describe=keccak_simd.describe_sha3_two, features=SHA3_FEATURES),
        KernelSpec(name="keccakf1600_x3", params=("s",), c_signature="void {symbol}(uint64_t s[75])",
                   doc="Keccak-f[1600] in place on three independent states, s[0..24] on general registers "
                       f"interleaved with s[25..49] and s[50..74] in Advanced SIMD; {lanes}",
                   describe=partial(keccak_mixed.describe_mixed, lazy=mixed_lazy),
                   options=f"--keccak-mixed-lazy {mixed_lazy}"),
        KernelSpec(name="keccakf1600_x4", params=("s",), c_signature="void {symbol}(uint64_t s[100])",
                   doc="Keccak-f[1600] in place on four independent states, s[0..24] and s[25..49] taking turns "
                       f"on general registers interleaved with s[50..74] and s[75..99] in Advanced SIMD; {lanes}",
                   describe=partial(keccak_mixed.describe_mixed_four, lazy=mixed_lazy),
                   options=f"--keccak-mixed-lazy {mixed_lazy}"),
    ]


def gf16_kernels(families=RANK_FAMILIES):
    """Every GF(16) matrix kernel of the given families: the square ones by rank,
    then those only SNOVA Round 3's pairs need, then what Round 2's square blocks
    need that no pair has (rank 3): its signing system, scalars times l×l
    matrices (the weighing of its brackets and oil factors by the coefficients of
    Q1 and Q2), the stacked (l·l)×l·l×l rowdot and the table forms (rank 2's
    products by T12 too)."""
    ranked = ranked_kernels(RANKS, families)
    names = {k.name for k in ranked}
    paired = [k for k in pair_kernels(PAIRS, families) if k.name not in names]
    names |= {k.name for k in paired}
    square = [linsys_pair_kernel(l, l) for l in SQUARE_SYSTEM_RANKS] if "linsys" in families else []
    square += [dot_kernel(gf16.Shape(1, 1, l * l)) for l in SQUARE_SYSTEM_RANKS] if "dot" in families else []
    if "rowdot" in families:
        square += [rowdot_kernel(gf16.Shape(l * l, l, l)) for l in SQUARE_STACKED_RANKS]
        # the public map's rows by the stacked factors, and the products by T12ᵗ and T12
        square += [rowdot_tables_kernel(l, l * l) for l in SQUARE_STACKED_RANKS]
        square += [kernel for l in SQUARE_T12_TABLE_RANKS
                   for kernel in (rowdot_tables_kernel(l, l), rowdot_right_tables_kernel(l))]
    return ranked + paired + [k for k in square if k.name not in names]


def all_kernels():
    """The catalogue: every kernel the generator can emit (gen.py --all-shapes)."""
    return gf16_kernels() + aes_kernels() + solve_kernels() + keccak_kernels()


# The drop-in API: kernels for other builds that no row of the variant plan takes
# (docs/kernels.md): the products in the official code's argument order, and the
# AES-128 key schedule and CTR keystream that examples/ calls.
API_KERNELS = ("aes128_key_expand", "aes128_ctr_keystream")


def api_kernel_names():
    return {k.name for f in FORM_FAMILIES for r in FAMILY_RANKS[f] for k in form_kernels(f, r)} | set(API_KERNELS)
