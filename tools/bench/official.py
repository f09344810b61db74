"""Our NEON build against each round's reference build, round by round.

The reference figures (bench/official_optimized.json for Round 1, bench/liboqs_r2.json
for Round 2: liboqs's `neon` implementation, bench/official_r3.json for Round 3) are that
code built outside this project and measured with the same benchmark program and
estimator; only the figures are committed. Each round's target is a ratio reference /
NEON of estimated cycles per operation, on every core, for the sets of the ranks it covers.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from .count import ROOT
from .sets import rank, round_of
from .tables import DASH, NEON, PORTABLE, bar_cell, fmt_int, get, ratio, table


@dataclass(frozen=True)
class Target:
    official: Path              # the official optimized build's figures
    bar: dict[str, float]       # op -> least official / NEON estimated cycles
    ranks: tuple[int, ...]      # the ranks l the bar covers
    build: str = "official optimized"   # the reference build, in the report's prose and columns
    title: str = "Official optimized"   # the same at the start of a sentence
    short: str = "official"             # its name in ratio columns: "<short>/NEON"

    def need(self, sname: str, op: str) -> float | None:
        """The ratio asked of this set and operation (None: shown, not judged)."""
        return self.bar.get(op) if rank(sname) in self.ranks else None


TARGETS = {
    1: Target(ROOT / "bench" / "official_optimized.json",       # issue #6
              {"keygen": 1.5, "sign": 2.0, "verify": 2.0}, (2, 3, 4)),
    2: Target(ROOT / "bench" / "liboqs_r2.json",                 # issue #11: every instance, all
              {"keygen": 2.0, "sign": 3.0, "verify": 3.0},       # of which liboqs builds with neon
              (2, 3, 4, 5), "liboqs `neon`", "liboqs `neon`", "liboqs"),
    3: Target(ROOT / "bench" / "official_r3.json",               # issue #10: l = 4 and 5 sets
              {"keygen": 2.0, "sign": 3.0, "verify": 3.0}, (4, 5)),
}


def round_sets(data: dict, rnd: int) -> list[str]:
    """The sets of `data` that belong to SNOVA round `rnd`, in data's order."""
    return [s for s in data["sets"] if round_of(s) == rnd]


def load_official(path: str | os.PathLike | None) -> dict | None:
    """An official optimized build's figures, or None when there is no such file."""
    if path is None or not Path(path).exists():
        return None
    return json.loads(Path(path).read_text())


def official_value(off: dict | None, sname: str, op: str, cpu: str | None = None):
    """The official build's instructions (cpu None) or estimated cycles, or None."""
    r = (off or {}).get("results", {}).get(sname, {}).get(op)
    if r is None:
        return None
    return r["instructions"] if cpu is None else r["cycles"].get(cpu)


def official_status(data: dict, off: dict | None, sets: list[str], need,
                    ref: str = "official") -> tuple[list[list[str]], str]:
    """Rows official / NEON estimated cycles per set, op and core (✗ short of the bar)
    and a verdict on the bar: need(set, op) is the ratio asked of that cell, on every
    core (None: shown, not judged)."""
    rows, ok, measured = [], True, True
    for s in sets:
        for op in data["ops"]:
            want = need(s, op)
            cells = []
            for c in data["cpus"]:
                x = ratio(official_value(off, s, op, c), get(data, NEON, s, op, c))
                if want is not None:
                    measured &= x is not None
                    ok &= x is None or x >= want
                cells.append(bar_cell(x, want))
            rows.append([f"`{s}`", op, DASH if want is None else f"{want:g}×"] + cells)
    if not rows:
        verdict = "no set measured"
    elif not measured:
        verdict = f"not measured: needs the NEON build and the {ref} figures for every set"
    else:
        verdict = "met" if ok else "NOT met (✗ marks the shortfalls)"
    return rows, verdict


def method_differences(data: dict, off: dict) -> list[str]:
    """Method entries (isolation, coverage, tool versions) that differ between our
    results and the official figures: they should be measured the same way."""
    m, o = data["method"], off.get("method", {})
    return [f"{k}: ours {m[k]!r}, official {o.get(k)!r}" for k in m if m[k] != o.get(k)]


def digest_differences(data: dict, off: dict, sets: list[str]) -> tuple[int, list[str]]:
    """How many (set, op) both builds measured, and those whose digests of keys and
    signature differ (the builds must compute the same outputs)."""
    both = [(s, op) for s in sets for op in data["ops"]
            if off.get("results", {}).get(s, {}).get(op) is not None
            and data["results"].get(NEON, {}).get(s, {}).get(op) is not None]
    return len(both), [f"`{s}` {op}" for s, op in both
                       if off["results"][s][op]["digest"] != data["results"][NEON][s][op]["digest"]]


def summary_table(data: dict, off: dict | None, rnd: int = 1, every_build: bool = True) -> list[str]:
    """The results table of a round: per set and operation, executed instructions of the
    portable, NEON and official optimized builds (`every_build`; else of NEON alone), and
    official / NEON estimated cycles per core (✗ where short of the round's target)."""
    sets = round_sets(data, rnd)
    t = TARGETS[rnd]
    rows, _ = official_status(data, off, sets, t.need)  # [set, op, needed] + cells
    out = []
    for (s, op), (name, _, _, *cells) in zip(((s, op) for s in sets for op in data["ops"]), rows):
        counts = [fmt_int(get(data, NEON, s, op))]
        if every_build:
            counts = [fmt_int(get(data, PORTABLE, s, op))] + counts + [fmt_int(official_value(off, s, op))]
        out.append([name, op] + counts + cells)
    head = ["set", "op"] + (["portable instr.", "NEON instr.", f"{t.short} instr."] if every_build
                            else ["NEON instr."])
    return table(head + [f"{t.short}/NEON {c}" for c in data["cpus"]], out)


def range_table(data: dict, off: dict | None, rnd: int) -> list[str]:
    """The round's results in one row a set: per operation, the lowest and highest
    reference / NEON estimated-cycle ratio over the cores (✗ where the lowest is short of
    the round's target), so the table's width does not grow with the models measured."""
    t = TARGETS[rnd]
    out = []
    for s in round_sets(data, rnd):
        cells = []
        for op in data["ops"]:
            xs = [ratio(official_value(off, s, op, c), get(data, NEON, s, op, c)) for c in data["cpus"]]
            if None in xs or not xs:
                cells.append(DASH)
                continue
            need = t.need(s, op)
            short = " ✗" if need is not None and min(xs) < need else ""
            cells.append(f"{min(xs):.2f}–{max(xs):.2f}×{short}")
        out.append([f"`{s}`"] + cells)
    return table(["set"] + list(data["ops"]), out, right_from=1)
