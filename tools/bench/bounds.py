"""Each Round 3 operation's bound: the work the algorithm needs, at the best rates the
kernels reach on a core model (mca_reports/<cpu>.json), for docs/benchmarks.md.

Work, from the set's parameters (sets.py):
- the public map's expansion: P11, P12 and P21's m1 (v^2 + 2vo) l^2 nibbles, as SHAKE128
  counter blocks of 168 bytes (one Keccak-f[1600] each, independent: the best
  permutations per cycle of any Keccak kernel, all its ways busy) or AES-128-CTR blocks
  of 16 bytes (the CTR kernel's best cycles per block);
- the SHAKE256 hashes, sponges of one state (the best one-state Keccak kernel): the
  message digest, the target hash, and where the secret key holds the public key's hash
  (l > 2) verification's hash of the public key; signing's T12 and each attempt's vinegar;
- GF(16) multiplies, counted from the algorithm as c_glue/core/snova_r3.c computes it
  (*_multiplies below), at the pair-table products' best multiplies per cycle.
The bound is the sum of their cycles; signing's is its first attempt's.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache

from generator.sets import PK_HASH_BYTES, PK_SEED_BYTES, SALT_BYTES, by_name, nibble_bytes

from .count import ROOT
from .dispatch import CORES
from .sets import params
from .tables import NEON, fmt_ratio, fmt_thousands, get, table

MCA_REPORTS = ROOT / "mca_reports"
SHAKE128_RATE, SHAKE256_RATE, AES_BLOCK = 168, 136, 16
SK_SEED, DIGEST, MESSAGE = 32, 64, 33


def shake256_permutations(inlen: int, outlen: int) -> int:
    """Permutations of one SHAKE256 sponge: the absorbed blocks (padding at least one
    byte), then one per further squeezed block."""
    return inlen // SHAKE256_RATE + 1 + max(0, math.ceil(outlen / SHAKE256_RATE) - 1)


@dataclass(frozen=True)
class Shape:
    v: int
    o: int
    l: int
    r: int
    m1: int
    aes: bool
    pk_bytes: int

    @property
    def n(self) -> int:
        return self.v + self.o

    @property
    def alpha(self) -> int:
        return self.l * self.r + 2 * self.r

    @property
    def neq(self) -> int:
        return self.o * self.l * self.r

    @property
    def public_bytes(self) -> int:
        """what expansion makes: P11, P12, P21"""
        return nibble_bytes(self.m1 * (self.v ** 2 + 2 * self.v * self.o) * self.l ** 2)

    @property
    def hash_pk(self) -> bool:
        return self.l > 2

    @property
    def w_form(self) -> bool:
        """signing's G2 through W = P11 Yt (snova_r3.c: not SIGN_G2_BY_F21)"""
        return not (self.o <= self.r or self.l != self.r)


def shape(sname: str) -> Shape:
    p = params()[sname]
    return Shape(p["V"], p["O"], p["L"], p["R"], p["M1"], bool(p.get("AES")), by_name()[sname].pk_bytes)


def quad_multiplies(s: Shape, n: int) -> int:
    """The quadratic forms on n variables: Ut = (S^a X)^t, T = Ut P (every public matrix,
    n^2 blocks), Z = T Yt, and the equations weighing Z (q1 q2 sums, B, then A)."""
    l, r = s.l, s.r
    ut = n * l * l * l * r
    t = s.m1 * n * n * l * r * l * l
    z = s.m1 * l * l * n * r * l * r
    equations = s.o * s.alpha * (l * l * r * r + 2 * r * r * l)
    return ut + t + z + equations


def verify_multiplies(s: Shape) -> int:
    return quad_multiplies(s, s.n)


def sign_attempt_multiplies(s: Shape) -> int:
    """One attempt: the vinegar's quadratic form, G1 = T T12 + Ut P12, G2 (W = P11 Yt, then
    T12^t W + P21 Yt, or F21 Yt), the system's coefficients and its Gauss-Jordan solve
    (each pivot eliminated from every row, over the columns from the pivot on)."""
    v, o, l, r, m1 = s.v, s.o, s.l, s.r, s.m1
    block = l * l * r  # an l x l by l x r product, or r x l by l x l
    g1 = 2 * m1 * l * v * o * block
    g2 = m1 * l * (v * v + 2 * o * v) * block if s.w_form else m1 * l * o * v * block
    # per term and oil block: q1 and q2 sums, A (.), Q1 (.), (.) Q2, (.) B; then the two
    # outer products of the coefficients
    terms = s.o * s.alpha * o * (5 * l * l * r + r * r * l)
    coefficients = s.o * o * s.alpha * 2 * (l * r) ** 2
    solve = s.neq * sum(s.neq + 1 - k for k in range(s.neq))
    return quad_multiplies(s, v) + g1 + g2 + terms + coefficients + solve


def sign_once_multiplies(s: Shape) -> int:
    """Once per signature: T12 from its coefficients, F21 = T12^t P11 + P21 where G2 takes
    it, and the vinegar moved by T12 in the signature."""
    v, o, l, r = s.v, s.o, s.l, s.r
    t12 = v * o * l * l * l
    f21 = 0 if s.w_form else s.m1 * o * v * v * l ** 3
    return t12 + f21 + v * o * l * l * r


@dataclass(frozen=True)
class Work:
    expansion_bytes: int
    hash_permutations: int
    multiplies: int


def target_hash_permutations(s: Shape) -> int:
    """Both operations': the message's digest, then the target from the key's id, digest and salt."""
    key_id = PK_HASH_BYTES if s.hash_pk else PK_SEED_BYTES
    return (shake256_permutations(MESSAGE, DIGEST)
            + shake256_permutations(key_id + DIGEST + SALT_BYTES, nibble_bytes(s.neq)))


def verify_work(s: Shape) -> Work:
    hashes = (target_hash_permutations(s)
              + (shake256_permutations(s.pk_bytes, PK_HASH_BYTES) if s.hash_pk else 0))
    return Work(s.public_bytes, hashes, verify_multiplies(s))


def sign_work(s: Shape) -> Work:
    """The first attempt's"""
    hashes = (target_hash_permutations(s)
              + shake256_permutations(SK_SEED, nibble_bytes(s.v * s.o * s.l))
              + shake256_permutations(SK_SEED + DIGEST + SALT_BYTES + 1, nibble_bytes(s.v * s.l * s.r)))
    return Work(s.public_bytes, hashes, sign_attempt_multiplies(s) + sign_once_multiplies(s))


WORK = {"sign": sign_work, "verify": verify_work}


@dataclass(frozen=True)
class Rates:
    keccak_cycles: float         # per permutation, all ways of the best kernel busy
    keccak_single_cycles: float  # per permutation of one state
    aes_block_cycles: float      # per 16-byte CTR block
    multiplies_per_cycle: float  # GF(16) multiplies of the pair-table products


KECCAK_LABEL = re.compile(r"keccakf1600(?:_x(\d))?(_\w+)?(?: .*)?$")
AES_LABEL = re.compile(r"aes128_ctr_keystream --aes-ways (\d+)$")
# rank 4's pair-table rowdots, gf16m_rowdot_ptbl<t?><w?><i?>_<p>x4x4: per iteration of
# their region a p x 4 left factor times 4 (w: 8) right factors of 4 x 4
PTBL_LABEL = re.compile(r"gf16m_rowdot_ptbl(t?)(w?)(i?)_(\d+)x4x4$")


@lru_cache(maxsize=None)
def rates(cpu: str) -> Rates:
    """The best rates of the kernels measured on `cpu` (llvm-mca), of those it can run
    (the FEAT_SHA3 Keccak kernels only where the core has SHA3)."""
    figures = json.loads((MCA_REPORTS / f"{cpu}.json").read_text())["figures"]
    sha3 = "sha3" in CORES[cpu].features
    keccak = [(int(m[1] or 1), f["cycles"]) for label, f in figures.items()
              if (m := KECCAK_LABEL.match(label)) and (sha3 or "sha3" not in (m[2] or ""))]
    aes = [f["cycles"] / int(m[1]) for label, f in figures.items() if (m := AES_LABEL.match(label))]
    ptbl = [int(m[4]) * 16 * (8 if m[2] else 4) / f["cycles"] for label, f in figures.items()
            if (m := PTBL_LABEL.match(label))]
    return Rates(min(c / w for w, c in keccak), min(c for w, c in keccak if w == 1), min(aes), max(ptbl))


def expansion_cycles(s: Shape, work: Work, rate: Rates) -> float:
    if s.aes:
        return math.ceil(work.expansion_bytes / AES_BLOCK) * rate.aes_block_cycles
    return math.ceil(work.expansion_bytes / SHAKE128_RATE) * rate.keccak_cycles


def bound(sname: str, op: str, cpu: str) -> float:
    s, rate = shape(sname), rates(cpu)
    work = WORK[op](s)
    return (expansion_cycles(s, work, rate) + work.hash_permutations * rate.keccak_single_cycles
            + work.multiplies / rate.multiplies_per_cycle)


def level_one_sets(data: dict) -> list[str]:
    """results.json's Round 3 Level I sets"""
    p = params()
    return [s for s in data["sets"] if p[s]["ROUND"] == 3 and s.startswith("snova-r3-i-")]


def section(data: dict) -> list[str]:
    """docs/benchmarks.md's part: each Level I operation's NEON figure / bound (ratio), per model."""
    sets = level_one_sets(data)
    if not sets:
        return []
    cpus = [c for c in data["cpus"] if (MCA_REPORTS / f"{c}.json").exists()]
    rows = []
    for sname in sets:
        for op in WORK:
            cells = []
            for c in cpus:
                ours, limit = get(data, NEON, sname, op, c), bound(sname, op, c)
                cells.append(f"{fmt_thousands(ours)} / {fmt_thousands(limit)}"
                             + (f" ({fmt_ratio(ours / limit)})" if ours else ""))
            rows.append([f"`{sname}`", op, *cells])
    return ["### Level I against its bound", "",
            "NEON estimated cycles / the bound (ratio): the work the algorithm needs at the best rates "
            "its kernels reach on the model (`mca_reports/<cpu>.json`): the public map's expansion "
            "(SHAKE128 blocks at the best Keccak kernel's cycles per permutation, or AES-CTR blocks), "
            "the SHAKE256 hashes (one state) and the GF(16) multiplies counted from the algorithm at "
            "the pair-table products' best multiplies per cycle; sign: its first attempt "
            "(`tools/bench/bounds.py`).", "",
            *table(["set", "op", *cpus], rows), ""]
