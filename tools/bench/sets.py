"""The SNOVA parameter sets (generator/sets.yaml, through generator/sets.py): each
set's name and the numbers of its compiler definitions."""
from __future__ import annotations

import re
from functools import lru_cache

from generator import sets as set_data


@lru_cache(maxsize=None)
def params() -> dict[str, dict[str, int]]:
    """{set name: {"V": v, "O": o, "L": l, ...}} for every set, in the library's order:
    the numbers of its compiler definitions, with ROUND, and R = L and M1 = O for
    Round 1 and 2 sets (the shape of their blocks and their public matrices)."""
    table = {}
    for s in set_data.load():
        p = {k: int(v) for k, v in (re.fullmatch(r"-DSNOVA_(\w+)=(\w+)", d).groups() for d in s.definitions)
             if v.isdigit()}
        table[s.name] = {**p, "ROUND": s.round, "R": s.r, "M1": s.m1}
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
