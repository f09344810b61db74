"""Each kernel's specification for the bit-precise run, written from its
contract in out/snova_kernels.h, the Python models of tests/gf16_model.py and
tests/keccak_model.py and FIPS-197 (tools/prove/aes.py) (the models'
operations applied to symbolic values: a GF(16) product is the model's
shift-and-add-and-reduce on the 4 + 4 bits), independently of the
generator. A specification lays out the kernel's operands in symbolic memory
at one instantiation of its sizes and gives the bytes every writable operand
must hold after the call.

Preconditions taken from the contracts: an element byte holds 0..15 (its high
bits zero); a given table is the table its contract names of symbolic
elements; bytes the contract leaves unspecified (stride padding, the rest of
a region) are fresh variables, so no output may depend on them."""
from __future__ import annotations

import math
import re

from tools.prove import aes
from tools.prove.algebra import ONE, ZERO, Variables, mul, vec_const

NIBBLE_ZERO = (ZERO,) * 4


def gf_mul(a, b) -> tuple:
    """tests/gf16_model.py's gf16_mul on symbolic 4-bit elements: shift and add,
    then reduce bits 6, 5, 4 by x^4 + x + 1."""
    product = [ZERO] * 7
    for bit in range(4):
        for i in range(4):
            if a[i] and b[bit]:
                product[i + bit] ^= mul(a[i], b[bit])
    for bit in (6, 5, 4):
        high = product[bit]
        for k in (bit, bit - 3, bit - 4):
            product[k] ^= high
    return tuple(product[:4])


def gf_add(a, b) -> tuple:
    return tuple(x ^ y for x, y in zip(a, b))


def const_element(value: int) -> tuple:
    return vec_const(value, 4)


def byte_of(element, high=NIBBLE_ZERO) -> tuple:
    return tuple(element) + tuple(high)


def mat_prod(a, b, p, q, s) -> list:
    """tests/gf16_model.py's mat_prod on lists of symbolic elements."""
    out = []
    for i in range(p):
        for j in range(s):
            acc = NIBBLE_ZERO
            for k in range(q):
                acc = gf_add(acc, gf_mul(a[i * q + k], b[k * s + j]))
            out.append(acc)
    return out


def transposed(m, rows, cols) -> list:
    return [m[i * cols + j] for j in range(cols) for i in range(rows)]


def mat_sum(a, b) -> list:
    return [gf_add(x, y) for x, y in zip(a, b)]


class Memory:
    """The operands' bytes: regions of symbolic bytes, filled with fresh
    variables where nothing is placed."""

    def __init__(self, variables: Variables, extents: dict):
        self.vars = variables
        self.regions = {name: [None] * size for name, size in extents.items()}

    def elements(self, count: int) -> list:
        return [self.vars.bits(4) for _ in range(count)]

    def place(self, region: str, offset: int, data):
        for i, b in enumerate(data):
            self.regions[region][offset + i] = tuple(b)

    def matrix(self, region: str, offset: int, size: int) -> list:
        """size fresh elements, one a byte, at offset."""
        m = self.elements(size)
        self.place(region, offset, [byte_of(e) for e in m])
        return m

    def filled(self) -> dict:
        return {name: [b if b is not None else self.vars.bits(8) for b in data]
                for name, data in self.regions.items()}


def mul_table(e) -> list:
    """gf16m_mul_tables of one element: byte y = e * y."""
    return [byte_of(gf_mul(e, const_element(y))) for y in range(16)]


def pair_tables(x, q: int, rows: int) -> list:
    """model_pair_tables: for rows 2i, 2i+1 (the odd last with a zero row) and
    column m, 16 bytes y -> row0[m]*y | row1[m]*y << 4."""
    out = []
    for pair in range(math.ceil(rows / 2)):
        for m in range(q):
            lo = x[2 * pair * q + m]
            hi = x[(2 * pair + 1) * q + m] if 2 * pair + 1 < rows else NIBBLE_ZERO
            for y in range(16):
                out.append(byte_of(gf_mul(lo, const_element(y)), gf_mul(hi, const_element(y))))
    return out


def interleave(mats, l: int, s: int) -> list:
    """model_interleave: l x s matrices in runs of 16 // s, each run l rows of
    16 bytes, lane s*c + j of row m = Y_c[m][j], the other lanes zero."""
    run, out = 16 // s, []
    zero = byte_of(NIBBLE_ZERO)
    for first in range(0, len(mats), run):
        for m in range(l):
            row = [zero] * 16
            for c in range(min(run, len(mats) - first)):
                for j in range(s):
                    row[s * c + j] = byte_of(mats[first + c][m * s + j])
            out += row
    return out


def fold_patterns(x) -> list:
    """model_patterns: of each 5-element row, element t in lanes 5t..5t+4 of the
    first 16-byte pattern (t < 3) or of the second (t - 3), other lanes zero."""
    zero = byte_of(NIBBLE_ZERO)
    out = []
    for i in range(0, len(x), 5):
        row = x[i:i + 5]
        out += [byte_of(row[lane // 5]) for lane in range(15)] + [zero]
        out += [byte_of(row[3 + lane // 5]) for lane in range(10)] + [zero] * 6
    return out


def unpack_runs(blocks) -> list:
    """model_unpack_runs on n 4x4 blocks: runs of eight (row m of blocks 0..3 at
    32m, of 4..7 at 32m + 16), then a run of four (row m at 16m), the n mod 4
    left over as stored."""
    out, first, n = [], 0, len(blocks)
    for width in [8] * (n // 8) + [4] * (n % 8 // 4):
        for m in range(4):
            for half in range(width // 4):
                for c in range(4):
                    out += [byte_of(e) for e in blocks[first + 4 * half + c][4 * m:4 * m + 4]]
        first += width
    for block in blocks[first:]:
        out += [byte_of(e) for e in block]
    return out


def _shape(name):
    m = re.search(r"_(\d+)x(\d+)x(\d+)$", name)
    if m:
        return tuple(map(int, m.groups()))
    r = int(re.search(r"_r(\d)$", name).group(1))
    return r, r, r


def _plain(region, size):
    return lambda mem, off: mem.matrix(region, off, size)


def _rows_of(size, step):
    """Y_k[c], c < n, plain at offset + c*step."""
    return lambda mem, off, n: [mem.matrix("y", off + step * j, size) for j in range(n)]


def family(name: str) -> str:
    if not name.startswith("gf16m_"):
        return name
    return re.sub(r"_(r\d|\d+x\d+x\d+|\d+x\d+|l\dr\d)$", "", name[len("gf16m_"):])


def has_spec(name: str) -> bool:
    return family(name) in BUILDERS


def spec(name: str, sizes: dict, extents: dict, variables: Variables):
    """(the operands' initial bytes {region: [byte]}, the writable operands'
    expected bytes {region: [byte]}); KeyError when no specification is
    written for the kernel."""
    return BUILDERS[family(name)](name, Memory(variables, extents), sizes)


def _finish(mem, writes):
    """Initial bytes, and expected: the initial bytes with the writes applied."""
    initial = mem.filled()
    expected = {k: list(v) for k, v in initial.items()}
    for region, offset, elements in writes:
        for i, b in enumerate(elements):
            expected[region][offset + i] = b
    return initial, expected


def _elementwise_out(out, region="c", offset=0):
    return (region, offset, [byte_of(e) for e in out])


def b_add(name, mem, sizes):
    r = _shape(name)[0]
    a, b = mem.matrix("a", 0, r * r), mem.matrix("b", 0, r * r)
    return _finish(mem, [_elementwise_out(mat_sum(a, b))])


def b_mul(name, mem, sizes):
    p, q, s = _shape(name)
    a, b = mem.matrix("a", 0, p * q), mem.matrix("b", 0, q * s)
    return _finish(mem, [_elementwise_out(mat_prod(a, b, p, q, s))])


def b_product3(transpose_a=False, transpose_b=False, accumulate=False):
    def build(name, mem, sizes):
        r = _shape(name)[0]
        c = mem.matrix("c", 0, r * r)
        a, b = mem.matrix("a", 0, r * r), mem.matrix("b", 0, r * r)
        a = transposed(a, r, r) if transpose_a else a
        b = transposed(b, r, r) if transpose_b else b
        out = mat_prod(a, b, r, r, r)
        return _finish(mem, [_elementwise_out(mat_sum(c, out) if accumulate else out)])
    return build


def b_dot(name, mem, sizes):
    p, q, s = _shape(name)
    acc = mem.matrix("acc", 0, p * s)
    for k in range(sizes["count"]):
        x = mem.matrix("x", k * sizes["xstride"], p * q)
        y = mem.matrix("y", k * sizes["ystride"], q * s)
        acc = mat_sum(acc, mat_prod(x, y, p, q, s))
    return _finish(mem, [_elementwise_out(acc, "acc")])


def _rowdot_builder(left_of, right_of, tab=False, transpose_right=False):
    def build(name, mem, sizes):
        shape = _shape(name)
        a, b, c = shape
        xs = [left_of(shape)(mem, k * sizes["tstride" if tab else "xstride"]) for k in range(sizes["count"])]
        ys = [right_of(shape)(mem, k * sizes["ystride"], sizes["n"]) for k in range(sizes["count"])]
        accs = [mem.matrix("acc", a * c * j, a * c) for j in range(sizes["n"])]
        writes = []
        for j, acc in enumerate(accs):
            total = acc
            for x, y in zip(xs, ys):
                right = transposed(y[j], c, b) if transpose_right else y[j]
                total = mat_sum(total, mat_prod(x, right, a, b, c))
            writes.append(("acc", a * c * j, [byte_of(e) for e in total]))
        return _finish(mem, writes)
    return build


def _left_plain(shape):
    return _plain("x", shape[0] * shape[1])


def _right_plain(shape):
    b, c = shape[1], shape[2]
    return _rows_of(b * c, b * c)


def _right_replicated(shape):
    b, c = shape[1], shape[2]

    def right(mem, off, n):
        ys = []
        for j in range(n):
            y = mem.elements(b * c)
            for i in range(b):
                mem.place("y", off + 16 * b * j + 16 * i, [byte_of(e) for e in y[c * i:c * i + c]] * (16 // c))
            ys.append(y)
        return ys
    return right


def _placed(mem, region, off, size, make):
    x = mem.elements(size)
    mem.place(region, off, make(x))
    return x


def _left_tables(shape):
    return lambda mem, off: _placed(mem, "tab", off, shape[0] * shape[1],
                                    lambda x: [b for e in x for b in mul_table(e)])


def _left_pairs(shape):
    a, b = shape[0], shape[1]
    return lambda mem, off: _placed(mem, "tab", off, a * b, lambda x: pair_tables(x, b, a))


def _right_interleaved(shape):
    b, c = shape[1], shape[2]

    def right(mem, off, n):
        ys = [mem.elements(b * c) for _ in range(n)]
        mem.place("y", off, interleave(ys, b, c))
        return ys
    return right


def _right_wide_interleaved(shape):
    def right(mem, off, n):
        ys = [mem.elements(16) for _ in range(n)]
        mem.place("y", off, unpack_runs(ys))
        return ys
    return right


def b_rtbl(name, mem, sizes):
    r = _shape(name)[0]
    rr = r * r
    count, n, rows, xrow = sizes["count"], sizes["n"], sizes["rows"], sizes["xrow"]
    ts = [[_placed(mem, "tab", 16 * rr * (k * n + c), rr, lambda x: [b for e in x for b in mul_table(e)])
           for c in range(n)] for k in range(count)]
    xs = [[mem.matrix("x", i * xrow + rr * k, rr) for k in range(count)] for i in range(rows)]
    writes = []
    for i in range(rows):
        for c in range(n):
            total = mem.matrix("acc", rr * (i * n + c), rr)
            for k in range(count):
                total = mat_sum(total, mat_prod(xs[i][k], ts[k][c], r, r, r))
            writes.append(("acc", rr * (i * n + c), [byte_of(e) for e in total]))
    return _finish(mem, writes)


def b_transpose(name, mem, sizes):
    r = _shape(name)[0]
    writes = []
    for c in range(sizes["n"]):
        x = mem.matrix("x", r * r * c, r * r)
        writes.append(("out", r * r * c, [byte_of(e) for e in transposed(x, r, r)]))
    return _finish(mem, writes)


def b_mul_tables(name, mem, sizes):
    x = mem.matrix("x", 0, sizes["n"])
    return _finish(mem, [("out", 0, [b for e in x for b in mul_table(e)])])


def b_pair_tables(name, mem, sizes):
    q, per = {"gf16m_mul_pair_tables": (4, 8), "gf16m_mul_pair_tables_r5": (5, 10),
              "gf16m_mul_pair_tables_25x5": (5, 125)}[name]
    x = mem.matrix("x", 0, per * sizes["n"])
    out = []
    for i in range(sizes["n"]):
        out += pair_tables(x[per * i:per * (i + 1)], q, per // q)
    return _finish(mem, [("out", 0, out)])


def b_fold_patterns(name, mem, sizes):
    x = mem.matrix("x", 0, 5 * sizes["rows"])
    return _finish(mem, [("out", 0, fold_patterns(x))])


def b_unpack_runs(name, mem, sizes):
    n = sizes["n"]
    packed = [mem.vars.bits(8) for _ in range(8 * n)]
    mem.place("x", 0, packed)
    elements = [e for byte in packed for e in (byte[:4], byte[4:])]
    blocks = [elements[16 * c:16 * c + 16] for c in range(n)]
    return _finish(mem, [("out", 0, unpack_runs(blocks))])


def b_interleave_runs(name, mem, sizes):
    ys = [mem.matrix("x", 25 * c, 25) for c in range(sizes["n"])]
    return _finish(mem, [("out", 0, interleave(ys, 5, 5))])


def b_interleave_transposes(name, mem, sizes):
    r = int(re.search(r"_(\d)x5$", name).group(1))
    xs = [mem.matrix("x", 5 * r * c, 5 * r) for c in range(sizes["n"])]
    return _finish(mem, [("out", 0, interleave([transposed(x, r, 5) for x in xs], 5, r))])


def linsys_pair(lx, bm, am, rx, l, r, count) -> list:
    """tests/gf16_model.py's linsys_pair on symbolic elements."""
    n = l * r
    out = [NIBBLE_ZERO] * (n * n)
    for a in range(count):
        lxa, ba = lx[a * r * l:(a + 1) * r * l], bm[a * r * l:(a + 1) * r * l]
        aa, rxa = am[a * r * r:(a + 1) * r * r], rx[a * l * l:(a + 1) * l * l]
        for ra in range(r):
            for rb in range(l):
                row = (ra * l + rb) * n
                for ve in range(l):
                    for vf in range(r):
                        term = gf_add(gf_mul(lxa[ra * l + ve], ba[vf * l + rb]), gf_mul(rxa[ve * l + rb], aa[ra * r + vf]))
                        out[row + ve * r + vf] = gf_add(out[row + ve * r + vf], term)
    return out


def linsys_coeffs(lx, bm, am, rx, rank) -> list:
    """tests/gf16_model.py's linsys_coeffs on symbolic elements."""
    lsq = rank * rank
    out = [NIBBLE_ZERO] * (lsq * lsq)
    for a in range(lsq):
        m = lambda data, i, j: data[a * lsq + i * rank + j]
        for ra in range(rank):
            for rb in range(rank):
                for ve in range(rank):
                    for vf in range(rank):
                        at = (ra * rank + rb) * lsq + ve * rank + vf
                        term = gf_add(gf_mul(m(lx, ra, ve), m(bm, vf, rb)), gf_mul(m(am, ra, vf), m(rx, ve, rb)))
                        out[at] = gf_add(out[at], term)
    return out


def b_linsys_coeffs(name, mem, sizes):
    r = _shape(name)[0]
    each = r ** 4
    lx, bm, am, rx = (mem.matrix(k, 0, each) for k in ("lx", "B", "A", "rx"))
    return _finish(mem, [("coef", 0, [byte_of(e) for e in linsys_coeffs(lx, bm, am, rx, r)])])


def b_linsys(name, mem, sizes):
    l, r = map(int, re.search(r"_l(\d)r(\d)$", name).groups())
    k = sizes["count"]
    lx, bm = mem.matrix("lx", 0, k * r * l), mem.matrix("B", 0, k * r * l)
    am, rx = mem.matrix("A", 0, k * r * r), mem.matrix("rx", 0, k * l * l)
    return _finish(mem, [("coef", 0, [byte_of(e) for e in linsys_pair(lx, bm, am, rx, l, r, k)])])


# ---- AES (tools/prove/aes.py): FIPS-197 with SubBytes uninterpreted
def _fresh_bytes(mem, region, count):
    data = [mem.vars.bits(8) for _ in range(count)]
    mem.place(region, 0, data)
    return data


def _keystream(mem, iv, round_keys, length):
    blocks = [aes.encrypt(mem.vars, aes.counter_block(iv, i), round_keys) for i in range((length + 15) // 16)]
    return [b for block in blocks for b in block][:length]


def b_aes_key_expand(name, mem, sizes):
    key = _fresh_bytes(mem, "key", 16)
    return _finish(mem, [("rk", 0, aes.expand_key(mem.vars, key))])


def b_aes_ctr_keystream(name, mem, sizes):
    iv, round_keys = _fresh_bytes(mem, "iv", 16), _fresh_bytes(mem, "rk", 176)
    return _finish(mem, [("out", 0, _keystream(mem, iv, round_keys, sizes["len"]))])


def b_aes_ctr_prng(name, mem, sizes):
    round_keys = aes.expand_key(mem.vars, _fresh_bytes(mem, "key", 16))
    iv = [vec_const(0, 8)] * 16
    return _finish(mem, [("out", 0, _keystream(mem, iv, round_keys, sizes["len"]))])


def b_aes256_ecb(name, mem, sizes):
    round_keys = aes.expand_key(mem.vars, _fresh_bytes(mem, "key", 32))
    data = _fresh_bytes(mem, "in", 16 * sizes["blocks"])
    out = [b for j in range(sizes["blocks"]) for b in aes.encrypt(mem.vars, data[16 * j:16 * j + 16], round_keys)]
    return _finish(mem, [("out", 0, out)])


BUILDERS = {
    "add": b_add, "mul": b_mul,
    "mac": b_product3(accumulate=True), "mul_at": b_product3(transpose_a=True),
    "mul_bt": b_product3(transpose_b=True), "mac_at": b_product3(transpose_a=True, accumulate=True),
    "mac_bt": b_product3(transpose_b=True, accumulate=True),
    "dot": b_dot,
    "rowdot": _rowdot_builder(_left_plain, _right_plain),
    "rowdot_fold": _rowdot_builder(_left_plain, _right_plain),
    "rowdot_rrep": _rowdot_builder(_left_plain, _right_replicated),
    "rowdot_fold_pat": _rowdot_builder(
        lambda shape: lambda mem, off: _placed(mem, "x", off, 25, fold_patterns), _right_plain),
    "rowdot_tbl": _rowdot_builder(_left_tables, _right_plain, tab=True),
    "rowdot_ptbl": _rowdot_builder(_left_pairs, _right_plain, tab=True),
    "rowdot_ptblw": _rowdot_builder(_left_pairs, _right_plain, tab=True),
    "rowdot_ptblt": _rowdot_builder(_left_pairs, _right_plain, tab=True, transpose_right=True),
    "rowdot_ptbli": _rowdot_builder(_left_pairs, _right_interleaved, tab=True),
    "rowdot_ptblwi": _rowdot_builder(_left_pairs, _right_wide_interleaved, tab=True),
    "rowdot_rtbl": b_rtbl,
    "transpose": b_transpose, "mul_tables": b_mul_tables, "mul_pair_tables": b_pair_tables,
    "fold_patterns": b_fold_patterns, "unpack_runs": b_unpack_runs, "interleave_runs": b_interleave_runs,
    "interleave_transposes": b_interleave_transposes,
    "linsys_coeffs": b_linsys_coeffs, "linsys": b_linsys,
    "aes128_key_expand": b_aes_key_expand, "aes128_ctr_keystream": b_aes_ctr_keystream,
    "aes128_ctr_prng": b_aes_ctr_prng, "aes256_ecb": b_aes256_ecb,
}


# ---- Keccak-f[1600]: tests/keccak_model.py's round on symbolic 64-bit lanes
def _rol(lane, n: int) -> tuple:
    n %= 64
    return tuple(lane[(i - n) % 64] for i in range(64))


def _lane_xor(a, b) -> tuple:
    return tuple(x ^ y for x, y in zip(a, b))


def keccak_round(a: list, rc: int) -> list:
    """keccak_model.keccak_round: theta, rho, pi, chi, iota on lanes at x + 5y."""
    from tests.keccak_model import LANES, RHO
    c = [_lane_xor(_lane_xor(_lane_xor(_lane_xor(a[x], a[x + 5]), a[x + 10]), a[x + 15]), a[x + 20])
         for x in range(5)]
    d = [_lane_xor(c[(x - 1) % 5], _rol(c[(x + 1) % 5], 1)) for x in range(5)]
    a = [_lane_xor(a[i], d[i % 5]) for i in range(LANES)]
    b = [None] * LANES
    for x in range(5):
        for y in range(5):
            b[y + 5 * ((2 * x + 3 * y) % 5)] = _rol(a[x + 5 * y], RHO[x + 5 * y])
    out = []
    for i in range(LANES):
        row = 5 * (i // 5)
        p, q = b[(i % 5 + 1) % 5 + row], b[(i % 5 + 2) % 5 + row]
        out.append(tuple(v ^ mul(u ^ ONE, w) for v, u, w in zip(b[i], p, q)))
    out[0] = _lane_xor(out[0], vec_const(rc, 64))
    return out
