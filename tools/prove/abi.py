"""Each kernel's ABI as the checker assumes it: its arguments (names, pointer
or size, const) parsed from the C prototypes of out/snova_kernels.h, and the
extent in bytes of every pointer operand as a function of the size arguments,
written here from the prose of that header's comment on the kernel (not from
the generator's code), with the public sizes each kernel is executed at.

A kernel's extent formulas are chosen by its family and shape (the name's
suffix), e.g. gf16m_rowdot_AxBxC reads X_k (A x B) at x + k*xstride and Y_k[c]
(B x C) at y + k*ystride + c*B*C, and adds into n matrices (A x C) at acc."""
from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from pathlib import Path

_PROTO = re.compile(r"^(?:void|uint8_t|int)\s+(snova_\w+)\(([^)]*)\);", re.M)


@dataclass(frozen=True)
class Argument:
    name: str
    pointer: bool
    const: bool


def prototypes(header: Path) -> dict:
    """{kernel name without 'snova_': [Argument]} of the header's prototypes."""
    out = {}
    for name, params in _PROTO.findall(Path(header).read_text()):
        args = []
        for param in params.split(","):
            param = param.strip()
            ident = re.search(r"(\w+)\s*(?:\[\d*\])?$", param).group(1)
            args.append(Argument(ident, "*" in param or "[" in param, param.startswith("const")))
        out[name[len("snova_"):]] = args
    return out


def _shape(name: str):
    m = re.search(r"_(\d+)x(\d+)x(\d+)$", name)
    if m:
        return tuple(map(int, m.groups()))
    m = re.search(r"_r(\d)$", name)
    if m:
        r = int(m.group(1))
        return (r, r, r)
    return None


_COUNT_N = [(1, 1), (2, 3), (3, 8), (1, 13), (2, 17)]


def _strided(x_bytes, y_of, acc_of, tab=False, y_rows=None):
    """Instantiations and extents of the acc/x-or-tab/y strided kernels: X_k of
    x_bytes, Y_k (all n of one k) of y_of(n) bytes, acc of acc_of(n)."""
    cases = []
    for (count, n), pad in itertools.product(_COUNT_N, (0, 16)):
        xstride, ystride = x_bytes + pad, y_of(n) + pad
        sizes = {"count": count, "n": n, ("tstride" if tab else "xstride"): xstride, "ystride": ystride}
        extents = {"acc": acc_of(n), ("tab" if tab else "x"): (count - 1) * xstride + x_bytes,
                   "y": (count - 1) * ystride + y_of(n)}
        cases.append((sizes, extents))
    return cases


def _dot(a, b, c, x_bytes=None, y_bytes=None):
    x_bytes = x_bytes or a * b
    y_bytes = y_bytes or b * c
    cases = []
    for count, pad in itertools.product((0, 1, 2, 5), (0, 16)):
        sizes = {"count": count, "xstride": x_bytes + pad, "ystride": y_bytes + pad}
        extents = {"acc": a * c, "x": count and (count - 1) * (x_bytes + pad) + x_bytes,
                   "y": count and (count - 1) * (y_bytes + pad) + y_bytes}
        cases.append((sizes, extents))
    return cases


def _per_n(out_of, x_of, ns=(0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 17)):
    return [({"n": n}, {"out": out_of(n), "x": x_of(n)}) for n in ns]


def cases(name: str) -> list:
    """[(size arguments, {pointer name: extent})] the kernel is executed at."""
    shape = _shape(name)
    if name.startswith("keccakf1600"):
        states = {"x2": 2, "x3": 3, "x4": 4}.get(name.split("_")[1] if "_" in name else "", 1)
        return [({}, {"s": 200 * states})]
    if name == "aes128_key_expand":
        return [({}, {"key": 16, "rk": 176})]
    if name == "aes128_ctr_keystream":
        return [({"len": n}, {"out": n, "iv": 16, "rk": 176}) for n in (0, 1, 15, 16, 17, 63, 64, 65, 100, 257)]
    if name == "aes128_ctr_prng":
        return [({"len": n}, {"out": n, "key": 16}) for n in (0, 1, 15, 16, 17, 63, 64, 65, 100, 257)]
    if name == "aes256_ecb":
        return [({"blocks": b}, {"out": 16 * b, "in": 16 * b, "key": 32}) for b in (0, 1, 2, 3, 4, 5, 8, 9)]
    if name == "gf16_solve":
        return [({"n": n, "stride": s}, {"g": n * s})
                for n, s in ((1, 16), (2, 16), (5, 16), (15, 16), (16, 32), (20, 32), (20, 48))]
    fam = re.sub(r"_(r\d|\d+x\d+x\d+|\d+x\d+|l\dr\d)$", "", name[len("gf16m_"):])
    if fam in ("add", "mul"):
        a, b, c = shape
        return [({}, {"a": a * b, "b": b * c, "c": a * c})]
    if fam in ("mac", "mul_at", "mul_bt", "mac_at", "mac_bt"):
        r = shape[0]
        return [({}, {"a": r * r, "b": r * r, "c": r * r})]
    if fam == "dot":
        a, b, c = shape
        if a == 1:
            return _dot(1, 1, c, x_bytes=1, y_bytes=c)
        return _dot(a, b, c)
    if fam in ("rowdot", "rowdot_fold", "rowdot_rrep", "rowdot_fold_pat"):
        a, b, c = shape
        y_each = 16 * b if fam == "rowdot_rrep" else b * c     # replicated: a 16-byte row each
        x_bytes = 160 if fam == "rowdot_fold_pat" else a * b
        return _strided(x_bytes, lambda n: n * y_each, lambda n: n * a * c)
    if fam in ("rowdot_ptbl", "rowdot_ptblw", "rowdot_ptblt", "rowdot_tbl", "rowdot_ptblwi", "rowdot_ptbli"):
        a, b, c = shape
        if fam == "rowdot_tbl":
            tab = 16 * a * b
        elif a == 8 and b == 1:
            tab = 64
        else:
            tab = math.ceil(a / 2) * 16 * b
        if fam == "rowdot_ptblwi":
            y_of = lambda n: 16 * n
        elif fam == "rowdot_ptbli":
            run = 3 if c == 5 else 2
            y_of = lambda n: 80 * math.ceil(n / run)
        else:
            y_of = lambda n: n * b * c
        return _strided(tab, y_of, lambda n: n * a * c, tab=True)
    if fam == "rowdot_rtbl":
        r = shape[0]
        rows_multiple = {2: 8, 3: 5, 4: 4, 5: 3}[r]
        out = []
        for (count, n, times), pad in itertools.product(((1, 1, 1), (2, 3, 2), (3, 2, 3)), (0, 16)):
            rows, xrow = rows_multiple * times, count * r * r + pad
            out.append(({"count": count, "n": n, "rows": rows, "xrow": xrow},
                        {"acc": rows * n * r * r, "x": (rows - 1) * xrow + count * r * r,
                         "tab": 16 * r * r * count * n}))
        return out
    if fam == "linsys_coeffs":
        r = shape[0]
        each = r * r * r * r                 # r*r consecutive r x r matrices
        return [({}, {"coef": r ** 4, "lx": each, "B": each, "A": each, "rx": each})]
    if fam == "linsys":
        l, r = map(int, re.search(r"_l(\d)r(\d)$", name).groups())
        return [({"count": k}, {"coef": (l * r) ** 2, "lx": k * r * l, "B": k * r * l, "A": k * r * r,
                                "rx": k * l * l}) for k in (1, 2, 3, 5)]
    if fam == "transpose":
        r = shape[0]
        return _per_n(lambda n: n * r * r, lambda n: n * r * r)
    if fam == "mul_tables":
        return _per_n(lambda n: 16 * n, lambda n: n)
    if name == "gf16m_mul_pair_tables":
        return _per_n(lambda n: 64 * n, lambda n: 8 * n)
    if name == "gf16m_mul_pair_tables_r5":
        return _per_n(lambda n: 80 * n, lambda n: 10 * n)
    if name == "gf16m_mul_pair_tables_25x5":
        return _per_n(lambda n: 1040 * n, lambda n: 125 * n, ns=(0, 1, 2, 3))
    if name == "gf16m_fold_patterns":
        return [({"rows": k}, {"out": 32 * k, "x": 5 * k}) for k in (2, 3, 4, 5, 8, 9)]
    if fam == "unpack_runs":
        return _per_n(lambda n: 16 * n, lambda n: 8 * n)
    if name == "gf16m_interleave_runs_r5":
        return _per_n(lambda n: 80 * math.ceil(n / 3), lambda n: 25 * n)
    if fam == "interleave_transposes":
        rows = int(re.search(r"_(\d)x5$", name).group(1))
        return _per_n(lambda n: 80 * math.ceil(n / 2), lambda n: rows * 5 * n)
    raise KeyError(f"no ABI for kernel {name}")
