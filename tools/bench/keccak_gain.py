"""What the generated Keccak-f[1600] kernels buy the SHAKE-expanded sets (issue 12's
bench bar): key generation and verification of every set that expands its public
map with SHAKE128 (Round 3 without `-aes`, Round 2's `-shake` instances), measured
in one run on two builds that differ only in the Keccak under SHAKE:

- `aarch64-neon-ckeccak`: the NEON build with the portable C Keccak-f[1600]
  (-DSNOVA_BENCH_C_KECCAK, a benchmark-only build of tools/bench/bench.mk);
- `aarch64-neon`: the NEON build as shipped (the generated kernels, chosen at run
  time; per core as that core chooses them, run.py and dispatch.py: the FEAT_SHA3
  forms on apple-a15, the general-register and mixed ones on the others).

    python -m tools.bench.keccak_gain [--out bench/keccak] [--build build/bench] [--jobs 2]
    python -m tools.bench.keccak_gain --summary [bench/keccak/results.json]

writes DIR/results.json (run.py's format) and DIR/results.md; `make bench-keccak`
builds the programs and runs it. --summary prints the table of docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from . import dispatch
from . import run as bench_run
from .count import ROOT
from .sets import params
from .tables import NEON, bar_cell, fmt_int, get, ratio, table

BASELINE = "aarch64-neon-ckeccak"
OPS = ("keygen", "verify")
NEED = 1.5          # C Keccak cycles / kernel cycles, every set, op and core
OUT = ROOT / "bench" / "keccak"


def shake_sets() -> list[str]:
    """The sets that expand their public map with SHAKE128 (Rounds 2 and 3, SNOVA_AES=0)."""
    return [s for s, p in params().items() if p["ROUND"] > 1 and p.get("AES") == 0]


def ratios(data: dict) -> list[tuple[str, str, list[float | None]]]:
    """(set, op, [C Keccak / kernels estimated cycles per core])."""
    return [(s, op, [ratio(get(data, BASELINE, s, op, c), get(data, NEON, s, op, c)) for c in data["cpus"]])
            for s in data["sets"] for op in data["ops"]]


def verdict(data: dict) -> str:
    cells = [x for _, _, xs in ratios(data) for x in xs if x is not None]
    met = sum(x >= NEED for x in cells)
    return (f"{'met' if met == len(cells) else 'NOT met'}: {met} of {len(cells)} cells reach "
            f"{NEED}× (smallest {min(cells):.2f}×, largest {max(cells):.2f}×)")


def summary_table(data: dict) -> list[str]:
    rows = [[f"`{s}`", op, fmt_int(get(data, BASELINE, s, op)), fmt_int(get(data, NEON, s, op))]
            + [bar_cell(x, NEED) for x in xs] for s, op, xs in ratios(data)]
    head = ["set", "op", "C Keccak instr.", "kernels instr."] + [f"C / kernels {c}" for c in data["cpus"]]
    return table(head, rows)


def render(data: dict) -> str:
    m = data["method"]
    lines = ["# Generated Keccak-f[1600] kernels vs portable C Keccak under SHAKE", "",
             "Estimated cycles of `aarch64-neon-ckeccak` (NEON build, portable C Keccak-f[1600]) "
             "divided by those of `aarch64-neon` (NEON build, generated Keccak kernels), per set, "
             f"operation and core; issue 12's bar is {NEED}× on every cell. Instructions executed "
             f"under {m['emulator']}; cycles: {m['llvm_mca']}. Both builds compute the same keys "
             "and signatures (run.py checks their digests).", ""]
    choice = dispatch.describe(data, NEON)
    lines += [choice, ""] if choice else []
    lines += [f"**{verdict(data)}.**", ""]
    return "\n".join(lines + summary_table(data)) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench.keccak_gain", description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--build", type=Path, default=ROOT / "build" / "bench")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sets", nargs="+", help="only these sets (default: every SHAKE-expanded set)")
    ap.add_argument("--summary", type=Path, nargs="?", const=OUT / "results.json", metavar="JSON",
                    help="print the table of docs/benchmarks.md from JSON instead of measuring")
    a = ap.parse_args(argv)
    if a.summary:
        print("\n".join(summary_table(json.loads(a.summary.read_text()))))
        return 0
    sets = a.sets or shake_sets()
    unknown = sorted(set(sets) - set(shake_sets()))
    if unknown:
        ap.error(f"not a SHAKE-expanded set: {unknown}")
    data = bench_run.run([BASELINE, NEON], sets, a.build, jobs=a.jobs, ops=OPS)
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / "results.json").write_text(bench_run.dumps(data))
    (a.out / "results.md").write_text(render(data))
    print(f"keccak_gain: {verdict(data)}; wrote {a.out / 'results.json'}, {a.out / 'results.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
