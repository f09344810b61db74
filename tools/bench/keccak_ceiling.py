"""How far a faster Keccak-f[1600] could take issue 12's cells (Amdahl), per core.

    python -m tools.bench.keccak_ceiling [--build build/bench] [--results bench/keccak/results.json]

For each core of CORES (dispatch.py):
- *C permutation*: llvm-mca cycles of one call of the portable snova_keccak_f1600 as
  the C-Keccak build compiled it: the instructions one call executes (its blocks in
  the benchmark's profile, each as often per call as it ran) run back to back, the
  way tools/mca_keccak.py measures the kernels;
- *best kernel*: the fewest llvm-mca cycles per state of a committed form the core can
  run (mca_keccak.cycles_per_state; dispatch.unrunnable);
- per SHAKE set and operation (keccak_gain's cells), the permutation's *share* of the
  estimated cycles in the C-Keccak build and the *ceiling* 1 / ((1 - share) + share *
  best / C): the whole-operation ratio if every permutation cost the best kernel's
  cycles per state (more than the one-state SHAKE calls can get), beside a free
  permutation's 1 / (1 - share) and the measured ratio.
Prints the markdown table of docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from tools import mca
from tools.mca_keccak import FORMS, cycles_per_state

from . import dispatch
from . import estimate as est
from . import profile as prof
from .count import ROOT
from .disasm import disassemble
from .isolate import isolate
from .keccak_gain import BASELINE, NEED, OUT, ratios
from .symbols import function_at, function_starts
from .tables import fmt_int, fmt_ratio, table

C_PERMUTATION = "snova_keccak_f1600"


def keccak_share(binary: str, op: str, cpus) -> tuple[dict, str]:
    """({cpu: share of the operation's estimated cycles in functions named *keccak*},
    assembly of one call of the C permutation), each core's share from a profile of
    its own kernel choice (dispatch.plan: the products differ between cores)."""
    starts = function_starts(binary)
    share = {}
    for args, group in dispatch.plan(binary, cpus):
        iso = isolate([binary, *args, op, "{R}"], 2, base=1)
        blocks = prof.join_page_splits(iso.diff).blocks    # as the estimate costs them
        mine = [b for b in blocks if "keccak" in function_at(starts, b.vaddr).lower()]
        for cpu in group:
            e = est.estimate(iso.diff, cpu)
            cost = {b.key: c for b, c in e.hot}
            share[cpu] = sum(b.execs * cost.get(b.key, b.n * e.cpi) for b in mine) / e.cycles
    perm = sorted((b for b in mine if function_at(starts, b.vaddr) == C_PERMUTATION),
                  key=lambda b: b.vaddr)
    calls = perm[0].execs
    words = [w for b in perm for _ in range(b.execs // calls) for w in b.words]
    text = disassemble(words)
    return share, "".join(f"\t{text[w]}\n" for w in words)


def best_kernel(cpu: str, cost=cycles_per_state) -> tuple[str, float]:
    """(form, cycles per state) of the cheapest committed form `cpu` can run, by
    cost(form, cpu) (llvm-mca)."""
    runnable = [k for k in FORMS if not dispatch.unrunnable(cpu, [f"snova_{k}"])]
    return min(((k, cost(k, cpu)) for k in runnable), key=lambda kc: kc[1])


def ceiling(share: float, speedup: float) -> float:
    """Whole-operation ratio when a `share` of it runs `speedup` times faster."""
    return 1 / ((1 - share) + share / speedup)


def rows(results: dict, build: Path) -> list[list[str]]:
    cpus = results["cpus"]
    shares, one_call = {}, None
    for s in results["sets"]:
        for op in results["ops"]:
            shares[s, op], one_call = keccak_share(str(build / BASELINE / s / "snova_bench"), op, cpus)
    measured = {(s, op): dict(zip(cpus, xs)) for s, op, xs in ratios(results)}
    out = []
    for cpu in cpus:
        c = mca.run_mca(one_call, cpu, timeline=False, bottleneck=False).cycles
        form, best = best_kernel(cpu)
        sh = [shares[k][cpu] for k in shares]
        lim = [ceiling(x, c / best) for x in sh]
        got = [measured[k][cpu] for k in shares]

        def span(xs, f=fmt_ratio):
            return f"{f(min(xs))}–{f(max(xs))}"
        out.append([cpu, fmt_int(c), f"`{form}` {fmt_int(best)}", fmt_ratio(c / best),
                    span(sh, lambda x: f"{100 * x:.0f}%"), span(lim), span([1 / (1 - x) for x in sh]),
                    span(got), f"{sum(x >= NEED for x in got)} of {len(got)}"])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench.keccak_ceiling", description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", type=Path, default=ROOT / "build" / "bench")
    ap.add_argument("--results", type=Path, default=OUT / "results.json")
    a = ap.parse_args(argv)
    head = ["core", "C permutation", "best kernel per state", "C / best", "share", "ceiling",
            "ceiling, free permutation", "measured", f"cells ≥ {NEED}×"]
    print("\n".join(table(head, rows(json.loads(a.results.read_text()), a.build), right_from=1)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
