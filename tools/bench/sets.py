"""The SNOVA parameter sets as c_glue/c_glue.mk defines them (`make snova-params`):
each set's name and the numbers of its compiler definitions."""
from __future__ import annotations

import re
import subprocess
from functools import lru_cache

from .count import ROOT


@lru_cache(maxsize=None)
def params() -> dict[str, dict[str, int]]:
    """{set name: {"V": v, "O": o, "L": l, ...}} for every set, in make's order; Round 1
    sets get R = L and M1 = O, the shape of their blocks and their public matrices."""
    out = subprocess.run(["make", "-s", "--no-print-directory", "snova-params"], cwd=ROOT,
                         check=True, capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        name, *defs = line.split()
        p = {k: int(v) for k, v in (re.fullmatch(r"-DSNOVA_(\w+)=(\w+)", d).groups() for d in defs)
             if v.isdigit()}
        p.setdefault("ROUND", 1)
        p.setdefault("R", p["L"])
        p.setdefault("M1", p["O"])
        table[name] = p
    return table


def round_of(name: str) -> int:
    """The SNOVA round the set belongs to (1, 2 or 3)."""
    return params()[name]["ROUND"]


def rank(name: str) -> int:
    """l, the rank of the public map's blocks."""
    return params()[name]["L"]


def cost(name: str) -> float:
    """Rough relative cost of a set (for scheduling the biggest first): products of
    l x r blocks in the public map."""
    p = params()[name]
    return p["M1"] * (p["V"] + p["O"]) ** 2 * p["L"] * p["R"]
