"""The catalogue of kernels the generator can emit: each entry names its file,
its C prototype and the function that describes it on a KernelBuilder."""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable

from . import gf16

RANKS = (2, 3, 4)
GF16_FAMILIES = ("add", "mul")


@dataclass(frozen=True)
class KernelSpec:
    name: str              # file stem and symbol suffix: out/<name>.S defines <prefix><name>
    params: tuple          # C parameter names, in argument-register order
    c_signature: str       # prototype with {symbol} for the function name
    doc: str               # one line for the header and the file banner
    describe: Callable     # describe(builder) appends the kernel's instructions


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


def gf16_kernels(ranks=RANKS, families=GF16_FAMILIES):
    return [gf16_kernel(f, r) for r in ranks for f in families]


def all_kernels():
    """Every kernel the product has: the generated header declares all of them."""
    return gf16_kernels()
