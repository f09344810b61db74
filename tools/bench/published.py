"""The reference figures the report and the plot compare with: the published
table (bench/published_m2.tsv, tab-separated: set, operation, reference, NEON)."""
from __future__ import annotations

import os
from pathlib import Path

from .count import ROOT

PUBLISHED = ROOT / "bench" / "published_m2.tsv"
# our operation names -> the published table's
PUB_OP = {"keygen": "keypair", "sign": "sign", "verify": "verify"}


def load_published(path: str | os.PathLike = PUBLISHED) -> dict:
    """{(set, op): (reference, neon)} from the published table (op: ours)."""
    back = {v: k for k, v in PUB_OP.items()}
    pub = {}
    p = Path(path)
    if not p.exists():
        return pub
    for line in p.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if f[0] == "set":
            continue
        pub[(f[0], back.get(f[1], f[1]))] = (int(f[2]), int(f[3]))
    return pub
