"""Static cycle estimate of a profiled run: llvm-mca per hot block.

    python -m tools.bench.estimate PROFILE [--cpu CPU ...] [--top N] [--json]

PROFILE is the insncount plugin's output.  The hot blocks, the fewest that
cover >= COVERAGE (99.5%) of executed instructions, each get llvm-mca's
steady-state cycles per execution (see mca.py), weighted by their execution
count (a block qemu cut at a page boundary is joined again first:
profile.join_page_splits).  Every other executed instruction (cold blocks, and hot blocks that
llvm-mca cannot model) is counted at the modelled blocks' average cycles per
instruction.  This is a static figure: no caches, no branch prediction, no
cost at block boundaries; it is not a measured time.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from generator.plan import core_classes

from . import profile as prof
from .mca import ITERATIONS, Cost, block_costs

COVERAGE = 0.995
# llvm-mca -mcpu names of the cores the project reports; apple-a15 stands
# for Apple M2-class cores (llvm-mca's model for it is the older Cyclone one).
# The benchmark's cores: the llvm-mca model of each core class of the variant plan
# (generator/schedules/core_classes.yaml), in the reports' column order (a class's
# model not listed there comes last).
REPORT_ORDER = ("cortex-a72", "neoverse-n1", "apple-a15", "cortex-a55")
DEFAULT_CPUS = tuple(sorted({c.mca_cpu for c in core_classes()},
                            key=lambda cpu: (REPORT_ORDER.index(cpu) if cpu in REPORT_ORDER else len(REPORT_ORDER), cpu)))


@dataclass
class Estimate:
    cpu: str
    cycles: float                 # the estimate: modelled + filled
    instructions: int             # executed instructions in the profile
    modeled_cycles: float         # sum of execs * cycles per execution, hot blocks
    modeled_instructions: int
    filled_instructions: int      # counted at `cpi` instead of modelled
    cpi: float                    # modelled cycles per modelled instruction
    hot: list[tuple[prof.Block, float]] = field(default_factory=list)
    cold: list[prof.Block] = field(default_factory=list)
    unmodeled: list[tuple[prof.Block, str]] = field(default_factory=list)


def estimate(profile: prof.Profile, cpu: str, *, coverage: float = COVERAGE,
             cache: Path | None = None) -> Estimate:
    profile = prof.join_page_splits(profile)
    hot, cold = prof.hot_blocks(profile, coverage)
    costs: dict[prof.Words, Cost] = block_costs([b.words for b in hot], cpu, cache)
    modeled = [(b, costs[b.words].cycles) for b in hot if costs[b.words].cycles is not None]
    unmodeled = [(b, costs[b.words].why) for b in hot if costs[b.words].cycles is None]
    mcyc = sum(b.execs * c for b, c in modeled)
    mins = sum(b.insns for b, _ in modeled)
    filled = profile.total - mins
    if mins == 0 and filled != 0:
        raise RuntimeError(f"no hot block could be modelled on {cpu}: "
                           + "; ".join(w for _, w in unmodeled[:3]))
    cpi = mcyc / mins if mins else 0.0
    return Estimate(cpu, mcyc + filled * cpi, profile.total, mcyc, mins, filled, cpi,
                    modeled, cold, unmodeled)


def report(e: Estimate, top: int = 5) -> str:
    pct = (lambda x: 100.0 * x / e.instructions) if e.instructions else (lambda x: 0.0)
    lines = [f"{e.cpu}: {e.cycles:,.0f} cycles for {e.instructions:,} instructions "
             f"(IPC {e.instructions / e.cycles if e.cycles else 0:.2f})",
             f"  modelled: {len(e.hot)} hot blocks, {pct(e.modeled_instructions):.2f}% of "
             f"instructions, llvm-mca steady state over {ITERATIONS} iterations each",
             f"  filled: {e.filled_instructions:,} instructions ({pct(e.filled_instructions):.2f}%"
             f"; {len(e.cold)} cold blocks, {len(e.unmodeled)} unmodelled hot blocks) "
             f"counted at the modelled average {e.cpi:.3f} cycles/instruction"]
    for b, why in e.unmodeled[:top]:
        lines.append(f"  unmodelled {b.vaddr:#x} ({b.insns:,} instructions): {why}")
    for b, c in sorted(e.hot, key=lambda bc: -abs(bc[0].execs * bc[1]))[:top]:
        lines.append(f"  block {b.vaddr:#x}: {b.n} insns x {b.execs:,} = "
                     f"{b.execs * c:,.0f} cycles ({c:.2f}/execution)")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("profile", help="insncount plugin output")
    ap.add_argument("--cpu", action="append", help=f"llvm-mca -mcpu name (default: {' '.join(DEFAULT_CPUS)})")
    ap.add_argument("--top", type=int, default=5, help="hottest blocks to list")
    ap.add_argument("--json", action="store_true", help="print {cpu: cycles} as JSON")
    a = ap.parse_args(argv)
    p = prof.load(a.profile)
    ests = [estimate(p, cpu) for cpu in (a.cpu or DEFAULT_CPUS)]
    if a.json:
        print(json.dumps({e.cpu: e.cycles for e in ests}))
    else:
        print(f"{a.profile}: {p.total:,} executed instructions in {len(p.blocks)} blocks")
        print("\n".join(report(e, a.top) for e in ests))
    return 0


if __name__ == "__main__":
    sys.exit(main())
