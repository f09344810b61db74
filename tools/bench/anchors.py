"""Other signature schemes beside SNOVA (bench/anchors.json): their figures per core model and
the lines the report (rounds.py) and docs/benchmarks.md (docs.py) show them in.

bench/anchors.json holds, for the anchors' round and SNOVA set: the goal (a scheme whose
cycles the set should reach, and on which operations), where the schemes come from
(`source`: repository, commit, how it was built and driven), the method, the core models
(`cpus`), and per scheme its build, its implementation and, per operation, the number of
operations averaged and their mean instructions and estimated cycles per model."""
from __future__ import annotations

import json
import os
from pathlib import Path

from .count import ROOT
from .official import TARGETS, official_value
from .tables import NEON, fmt_int, fmt_ratio, get, table

ANCHORS = ROOT / "bench" / "anchors.json"


def load_anchors(path: str | os.PathLike | None = ANCHORS) -> dict | None:
    if path is None or not Path(path).exists():
        return None
    return json.loads(Path(path).read_text())


def figure(anchors: dict, scheme: str, op: str, cpu: str) -> float | None:
    """A scheme's mean estimated cycles of `op` on `cpu`, or None."""
    r = anchors["schemes"][scheme]["results"].get(op)
    return None if r is None else r["cycles"].get(cpu)


def neon_figure(data: dict, sname: str, op: str, cpu: str) -> float | None:
    """Our NEON build's estimated cycles, None where results.json lacks the core or the op."""
    return get(data, NEON, sname, op, cpu) if cpu in data["cpus"] else None


def heading(anchors: dict) -> str:
    return " and ".join(anchors["schemes"])


def intro(anchors: dict) -> str:
    """Where the schemes come from, what each is, and what their figures average."""
    src = anchors["source"]
    impls = "; ".join(f"{name}: {s['implementation']}" for name, s in anchors["schemes"].items())
    counts = sorted({r["averaged"] for s in anchors["schemes"].values() for r in s["results"].values()})
    return (f"{heading(anchors)} from `{src['repository']}` at `{src['commit'][:7]}`, built for AArch64 "
            f"outside this project and measured with its estimator (figures only: `bench/anchors.json`). "
            f"{impls}. Each of their figures is the mean over "
            f"{' or '.join(f'{n:,}' for n in counts)} operations (sign: as many distinct messages, "
            f"every rejection included); the `{anchors['set']}` rows are `bench/results.json`'s, one "
            "operation each.")


def goal_line(data: dict, anchors: dict, cpu: str) -> str:
    """How far the anchor set's NEON build is from the goal scheme on `cpu`."""
    goal, s = anchors["goal"], anchors["set"]
    if cpu not in data["cpus"]:
        return f"`{s}` not measured on this model (`bench/results.json`)."
    far = []
    for op in goal["ops"]:
        ours, theirs = neon_figure(data, s, op, cpu), figure(anchors, goal["scheme"], op, cpu)
        if ours is None or theirs is None:
            far.append(f"{op}: not measured")
            continue
        gap = ours - theirs
        far.append(f"{op} {fmt_int(ours)} = {fmt_ratio(ours / theirs)} {goal['scheme']}'s "
                   f"{fmt_int(theirs)} (" + (f"{fmt_int(gap)} over)" if gap > 0 else f"within, {fmt_int(-gap)} under)"))
    return f"NEON build: {'; '.join(far)}."


def model_lines(data: dict, off: dict | None, anchors: dict, cpu: str) -> list[str]:
    """One model's goal line and table: the schemes, our NEON build and the round's reference
    build where they are measured on `cpu`."""
    s, ops = anchors["set"], anchors["ops"]
    rows = [[name, sch["build"]] + [fmt_int(figure(anchors, name, op, cpu)) for op in ops]
            for name, sch in anchors["schemes"].items()]
    ours = {"NEON (this project)": [neon_figure(data, s, op, cpu) for op in ops],
            TARGETS[anchors["round"]].build: [official_value(off, s, op, cpu) for op in ops]}
    rows += [[f"`{s}`", build] + [fmt_int(x) for x in figs] for build, figs in ours.items()
             if any(x is not None for x in figs)]
    caveat = anchors.get("model_notes", {}).get(cpu)
    return ([f"`{cpu}`: {goal_line(data, anchors, cpu)}" + (f" {caveat}" if caveat else ""), "",
             *table(["scheme", "build"] + ops, rows), ""])


def summary(data: dict, off: dict | None, anchors: dict, cpus: list[str] | None = None) -> list[str]:
    """The goal, then the line and table of every model of `cpus` (default: every model of
    anchors.json), for the report and docs/benchmarks.md; empty when results.json lacks the
    anchor set."""
    if anchors["set"] not in data["sets"]:
        return []
    goal = anchors["goal"]
    L = [intro(anchors), "",
         f"Goal beyond the target: `{anchors['set']}` {' and '.join(goal['ops'])} within {goal['scheme']}'s "
         "estimated cycles on every model.", ""]
    for cpu in anchors["cpus"] if cpus is None else cpus:
        L += model_lines(data, off, anchors, cpu)
    return L


def prepared_rows(data: dict, anchors: dict, cpus: list[str]) -> list[list[str]]:
    """Sign / verify cells per core of `cpus`: the schemes, then the anchor set on a prepared key."""
    def cells(fig):
        return [f"{fmt_int(fig('sign', c))} / {fmt_int(fig('verify', c))}" for c in cpus]
    rows = [[name] + cells(lambda op, c, n=name: figure(anchors, n, op, c)) for name in anchors["schemes"]]
    return rows + [[f"`{anchors['set']}` prepared"] + cells(lambda op, c: neon_figure(data, anchors["set"],
                                                                                      op + "_prepared", c))]
