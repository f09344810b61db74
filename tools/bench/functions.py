"""Where an operation spends its instructions and estimated cycles, by function.

    python -m tools.bench.functions <snova_bench binary> <operation> [--cpu CPU] [--top N]

(the operations of tools/bench/run.py: keygen, sign, verify and the prepared-key ones)

Runs the operation isolated (tools/bench/isolate.py), with the kernel table chosen
as on CPU where tools/bench/dispatch.py knows it, maps every executed block
to the function containing its first instruction (the static binary's symbol
table, from llvm-nm), and prints the functions by estimated cycles with their
share of the operation. Inlined code counts for the function it was inlined into.
"""
from __future__ import annotations

import argparse
from collections import defaultdict

from . import dispatch
from . import estimate as est
from . import profile as prof
from .isolate import isolate
from .ops import OPS
from .symbols import function_at, function_starts


def by_function(binary: str, op: str, cpu: str):
    """[(name, instructions, cycles)] per operation, most cycles first."""
    as_cpu = dispatch.cpu_args(cpu) if cpu in dispatch.CORES else []
    iso = isolate([binary, *as_cpu, op, "{R}"], 2, base=1)
    e = est.estimate(iso.diff, cpu)
    starts = function_starts(binary)
    totals = defaultdict(lambda: [0.0, 0.0])
    cycles_of = {b.key: c for b, c in e.hot}
    for block in prof.join_page_splits(iso.diff).blocks:   # as the estimate costs them
        name = function_at(starts, block.vaddr)
        totals[name][0] += block.insns / iso.reps
        totals[name][1] += block.execs * cycles_of.get(block.key, block.n * e.cpi) / iso.reps
    rows = sorted(((n, i, c) for n, (i, c) in totals.items()), key=lambda r: -r[2])
    return rows, iso.instructions, e.cycles / iso.reps


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench.functions", description=__doc__.split("\n\n")[0])
    ap.add_argument("binary")
    ap.add_argument("op", choices=OPS)
    ap.add_argument("--cpu", default="cortex-a72")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args(argv)
    rows, instructions, cycles = by_function(args.binary, args.op, args.cpu)
    print(f"{args.op}: {instructions:,.0f} instructions, {cycles:,.0f} estimated cycles on {args.cpu}")
    print(f"{'function':40} {'instructions':>14} {'cycles':>14} {'share':>7}")
    for name, ins, cyc in rows[:args.top]:
        print(f"{name[:40]:40} {ins:14,.0f} {cyc:14,.0f} {cyc / cycles:7.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
