"""The catalogue of kernels the generator can emit: each entry names its file,
its C prototype and the function that describes it on a KernelBuilder."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from . import aes, gauss, gf16, linsys

RANKS = (2, 3, 4)
GF16_FAMILIES = ("add", "mul")


@dataclass(frozen=True)
class KernelSpec:
    name: str              # file stem and symbol suffix: out/<name>.S defines <prefix><name>
    params: tuple          # C parameter names, in argument-register order
    c_signature: str       # prototype with {symbol} for the function name
    doc: str               # one line for the header and the file banner
    describe: Callable     # describe(builder) appends the kernel's instructions
    options: str = ""      # generator options that shape this kernel's code, for its banner


def gf16_kernel(family, rank) -> KernelSpec:
    n = rank * rank
    what = "c = a + b (bytewise XOR)" if family == "add" else "c = a * b (matrix product)"
    return KernelSpec(
        name=f"gf16m_{family}_r{rank}",
        params=("a", "b", "c"),
        c_signature="void {symbol}(const uint8_t *a, const uint8_t *b, uint8_t *c)",
        doc=f"GF(16) {rank}x{rank} matrices ({n} bytes, row-major, one element per byte): {what}; "
            f"c may alias a or b",
        describe=partial(gf16.describe_add if family == "add" else gf16.describe_mul, rank=rank),
    )


def linsys_kernel(rank) -> KernelSpec:
    lsq = rank * rank
    return KernelSpec(
        name=f"gf16m_linsys_coeffs_r{rank}",
        params=("coef", "lx", "B", "A", "rx"),
        c_signature="void {symbol}(uint8_t *coef, const uint8_t *lx, const uint8_t *B, const uint8_t *A, "
                    "const uint8_t *rx)",
        doc=f"SNOVA signing system, rank {rank}: coef[r][v] ({lsq}x{lsq} bytes) = sum over a < {lsq} of "
            f"lx_a[ra][ve]*B_a[vf][rb] + A_a[ra][vf]*rx_a[ve][rb], r = (ra,rb), v = (ve,vf); "
            f"lx, B, A, rx: {lsq} consecutive {rank}x{rank} matrices each",
        describe=partial(linsys.describe_linsys_coeffs, rank=rank),
    )


def dot_kernel(rank) -> KernelSpec:
    return KernelSpec(
        name=f"gf16m_dot_r{rank}",
        params=("acc", "x", "xstride", "y", "ystride", "count"),
        c_signature="void {symbol}(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, "
                    "size_t ystride, size_t count)",
        doc=f"GF(16) {rank}x{rank} matrices: acc += sum over c < count of X_c * Y_c, X_c at x + c*xstride, "
            f"Y_c at y + c*ystride (strides in bytes); acc must not overlap any X_c or Y_c",
        describe=partial(gf16.describe_dot, rank=rank),
    )


def rowdot_kernel(rank) -> KernelSpec:
    return KernelSpec(
        name=f"gf16m_rowdot_r{rank}",
        params=("acc", "x", "xstride", "y", "ystride", "count", "n"),
        c_signature="void {symbol}(uint8_t *acc, const uint8_t *x, size_t xstride, const uint8_t *y, "
                    "size_t ystride, size_t count, size_t n)",
        doc=f"GF(16) {rank}x{rank} matrices: acc[c] += sum over k < count of X_k * Y_k[c] for c < n, X_k at "
            f"x + k*xstride, Y_k[c] at y + k*ystride + c*{rank * rank} (strides in bytes); count >= 1; "
            f"acc (n consecutive matrices) must not overlap any X_k or Y_k[c]",
        describe=partial(gf16.describe_rowdot, rank=rank),
    )


RANK_FAMILIES = (*GF16_FAMILIES, "dot", "rowdot", "linsys")
_RANKED = {"add": partial(gf16_kernel, "add"), "mul": partial(gf16_kernel, "mul"), "dot": dot_kernel,
           "rowdot": rowdot_kernel, "linsys": linsys_kernel}


def ranked_kernels(ranks=RANKS, families=RANK_FAMILIES):
    """The kernels that come in one version per rank, by family."""
    return [_RANKED[f](r) for r in ranks for f in families]


AES_WAYS = aes.WAYS
AES_DEFAULT_WAYS = aes.DEFAULT_WAYS


def aes_kernels(ways=AES_DEFAULT_WAYS):
    """AES-128 key schedule, CTR keystream and PRNG; `ways` counter blocks per
    iteration of the CTR loops."""
    options = f"--aes-ways {ways}"
    return [
        KernelSpec(
            name="aes128_key_expand",
            params=("key", "rk"),
            c_signature="void {symbol}(const uint8_t key[16], uint8_t rk[176])",
            doc="AES-128 key schedule: the 11 FIPS-197 round keys of key, 176 bytes; table-free, "
                "constant time",
            describe=aes.describe_key_expand,
        ),
        KernelSpec(
            name="aes128_ctr_keystream",
            params=("out", "len", "iv", "rk"),
            c_signature="void {symbol}(uint8_t *out, size_t len, const uint8_t iv[16], const uint8_t rk[176])",
            doc="AES-128-CTR keystream, len bytes (any len) to out under round keys rk; counter block i = iv "
                "with bytes 12..15 = big-endian (iv[12..15] + i) mod 2^32 (SP 800-38A, 32-bit counter)",
            describe=partial(aes.describe_ctr_keystream, ways=ways),
            options=options,
        ),
        KernelSpec(
            name="aes128_ctr_prng",
            params=("out", "len", "key"),
            c_signature="void {symbol}(uint8_t *out, size_t len, const uint8_t key[16])",
            doc="SNOVA public-key expansion: AES-128-CTR keystream of key with a zero IV, len bytes to out; "
                "round keys stay in registers and are wiped before return",
            describe=partial(aes.describe_ctr_prng, ways=ways),
            options=options,
        ),
    ]


def solve_kernels():
    """Rank-independent: the signing system's constant-time Gaussian elimination."""
    return [
        KernelSpec(
            name="gf16_solve",
            params=("g", "n", "stride"),
            c_signature="uint8_t {symbol}(uint8_t *g, size_t n, size_t stride)",
            doc="GF(16) linear system, constant time: g holds n rows of stride bytes (stride a multiple of 16, "
                ">= n+1; bytes past column n zero), one element per byte, right-hand side in column n; returns "
                "0xFF and the solution x_i in column n of row i when the system is regular, 0 when singular",
            describe=gauss.describe_solve,
        ),
    ]


def all_kernels():
    """Every kernel the product has: the generated header declares all of them."""
    return ranked_kernels() + aes_kernels() + solve_kernels()
