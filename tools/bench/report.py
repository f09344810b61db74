"""Render the SNOVA benchmark results (results.json from run.py) as markdown.

    python -m tools.bench.report DIR/results.json [--published TSV] [--no-plot]
    python -m tools.bench.report bench/results.json --summary

writes DIR/results.md (and DIR/results.png through plot.py unless --no-plot);
--summary prints the README's results table instead.
The published Apple M2 figures (bench/published_m2.tsv) are shown beside ours,
and, when bench/official_optimized.json is there (the official optimized SNOVA
build measured the same way; see its "official" entry), an "official optimized"
column and the NEON-vs-official table with the issue's bar.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .count import ROOT
from .sets import rank

PUBLISHED = ROOT / "bench" / "published_m2.tsv"
OFFICIAL = ROOT / "bench" / "official_optimized.json"
MCA_SUMMARY = ROOT / "mca_reports" / "summary.md"
PORTABLE, NEON = "aarch64-portable", "aarch64-neon"
# our operation names -> the published table's
PUB_OP = {"keygen": "keypair", "sign": "sign", "verify": "verify"}
BAR_CUT = 0.40   # rank-4 sign and verify: NEON >= 40% fewer estimated cycles
# NEON vs the official optimized build: official / NEON estimated cycles, every set and core
OFFICIAL_BAR = {"keygen": 1.5, "sign": 2.0, "verify": 2.0}
DASH = "—"


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


def load_official(path: str | os.PathLike | None = OFFICIAL) -> dict | None:
    """The official optimized build's figures (bench/official_optimized.json), or None."""
    if path is None or not Path(path).exists():
        return None
    return json.loads(Path(path).read_text())


def _official(off: dict | None, sname: str, op: str, cpu: str | None = None):
    r = (off or {}).get("results", {}).get(sname, {}).get(op) if off else None
    if r is None:
        return None
    return r["instructions"] if cpu is None else r["cycles"].get(cpu)


def ratio(official: float | None, neon: float | None) -> float | None:
    if official is None or not neon:
        return None
    return official / neon


def fmt_ratio(x: float | None) -> str:
    return DASH if x is None else f"{x:.2f}×"


def official_status(data: dict, off: dict) -> tuple[list[list[str]], str]:
    """Rows official / NEON estimated cycles per set, op and core, and a verdict
    on the bar (OFFICIAL_BAR: at least that ratio on every core, every set)."""
    cpus = data["cpus"]
    rows, ok, measured = [], True, True
    for s in data["sets"]:
        for op in data["ops"]:
            need = OFFICIAL_BAR.get(op)
            cells = []
            for c in cpus:
                x = ratio(_official(off, s, op, c), _get(data, NEON, s, op, c))
                if x is None:
                    measured = False
                    cells.append(DASH)
                elif need is None:
                    cells.append(fmt_ratio(x))
                else:
                    ok &= x >= need
                    cells.append(fmt_ratio(x) + ("" if x >= need else " ✗"))
            rows.append([f"`{s}`", op, DASH if need is None else f"{need:g}×"] + cells)
    if not rows:
        verdict = "no set measured"
    elif not measured:
        verdict = "not measured: needs the NEON build and the official figures for every set"
    else:
        verdict = "met" if ok else "NOT met (✗ marks the shortfalls)"
    return rows, verdict


def official_method_differences(data: dict, off: dict) -> list[str]:
    """Method entries (isolation, coverage, tool versions) that differ between our
    results and the official figures: they should be measured the same way."""
    m, o = data["method"], off.get("method", {})
    return [f"{k}: ours {m[k]!r}, official {o.get(k)!r}" for k in m if m[k] != o.get(k)]


def improvement(new: float | None, old: float | None) -> float | None:
    if new is None or not old:
        return None
    return 1.0 - new / old


def fmt_int(x: float | None) -> str:
    return DASH if x is None else f"{x:,.0f}"


def fmt_pct(x: float | None) -> str:
    return DASH if x is None else f"{100 * x:.1f}%"


def _get(data: dict, variant: str, sname: str, op: str, cpu: str | None = None):
    r = data["results"].get(variant, {}).get(sname, {}).get(op)
    if r is None:
        return None
    return r["instructions"] if cpu is None else r["cycles"][cpu]


def _table(head: list[str], rows: list[list[str]], right_from: int = 2) -> list[str]:
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join("---" if i < right_from else "---:" for i in range(len(head))) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def bar_status(data: dict) -> tuple[list[list[str]], str]:
    """Rows for the rank-4 sign/verify bar and a one-line verdict."""
    cpus = data["cpus"]
    rows, ok, measured = [], True, True
    for s in data["sets"]:
        if rank(s) != 4:
            continue
        for op in ("sign", "verify"):
            cells = []
            for c in cpus:
                imp = improvement(_get(data, NEON, s, op, c), _get(data, PORTABLE, s, op, c))
                if imp is None:
                    measured = False
                    cells.append(DASH)
                else:
                    ok &= imp >= BAR_CUT
                    cells.append(fmt_pct(imp) + ("" if imp >= BAR_CUT else " ✗"))
            rows.append([f"`{s}`", op] + cells)
    if not rows:
        verdict = "no rank-4 set measured"
    elif not measured:
        verdict = "not measured: needs both the portable and the NEON build"
    else:
        verdict = "met" if ok else "NOT met (✗ marks the shortfalls)"
    return rows, verdict


def summary_table(data: dict, off: dict) -> list[str]:
    """The README's results table: per set and operation, executed instructions of
    the portable, NEON and official optimized builds, and official / NEON
    estimated cycles per core (✗ where short of OFFICIAL_BAR)."""
    rows, _ = official_status(data, off)   # [set, op, needed] + per-core cells, in set/op order
    out = []
    for (s, op), (name, _, _, *cells) in zip(((s, op) for s in data["sets"] for op in data["ops"]), rows):
        counts = [fmt_int(_get(data, v, s, op)) for v in (PORTABLE, NEON)] + [fmt_int(_official(off, s, op))]
        out.append([name, op] + counts + cells)
    head = ["set", "op", "portable instr.", "NEON instr.", "official instr."]
    return _table(head + [f"official/NEON {c}" for c in data["cpus"]], out)


def render(data: dict, published: dict, *, mca_link: str = "../mca_reports/summary.md",
           plot: str = "results.png", official: dict | None = None) -> str:
    m, cpus, sets, ops = data["method"], data["cpus"], data["sets"], data["ops"]
    variants = data["variants"]
    off = official
    # the official optimized column, when its figures are there
    ohead = ["official optimized"] if off else []

    def ocell(s, op, c=None):
        return [fmt_int(_official(off, s, op, c))] if off else []
    a15 = "apple-a15"
    L = ["# SNOVA benchmark: executed instructions and estimated cycles", "",
         "Generated by `make bench` (all sets) or `make bench-quick` (one set per rank) with "
         "`tools/bench/run.py`, `report.py` and `plot.py`; do not edit. "
         f"Plot: [{plot}]({plot}). Kernel by kernel: [llvm-mca reports]({mca_link}).", "",
         f"![improvement per set and operation]({plot})", "",
         "**These are not measured times.** *Instructions* are exact counts of the AArch64 "
         "instructions executed per operation under emulation (qemu-aarch64 user mode, `-cpu max`, "
         "counted by a TCG plugin). *Cycles* are static estimates: llvm-mca's steady-state cycles "
         "for each hot basic block times the number of times it ran, ignoring caches, memory "
         "latency, branch prediction and costs where blocks meet. llvm-mca's `apple-a15` model "
         "(the older Cyclone model) stands in for Apple M2-class cores. "
         "Improvement = 1 − NEON / portable.", "",
         "Builds measured: " + ", ".join(f"`{v}`" for v in variants)
         + (f" (no `{NEON}` build yet: NEON columns are empty)" if NEON not in variants else "")
         + "." + (f" Beside them, *official optimized*: the official SNOVA code "
                  f"(`{off['official']['repository']}` at `{off['official']['commit']}`, "
                  "optimized portable C) measured the same way, from "
                  "`bench/official_optimized.json`." if off else ""), ""]

    # 1. The published table's layout: M2-class estimate beside the published M2 figures.
    L += ["## Apple M2-class cycles, beside the published Apple M2 figures", "",
          f"Ours: `{a15}` estimates, portable C core vs generated NEON kernels. Published: "
          "Apple M2 cycles (GCC -O3) of the SNOVA Round 1 reference code vs a NEON + ARMv8-AES "
          "implementation (Hansung Univ. thesis), improvement = 1 − NEON / reference. "
          "Their baseline is the reference code, ours this project's portable C core, and theirs "
          "are measurements, ours estimates: compare the improvement columns, not the cycles.", ""]
    rows = []
    for s in sets:
        for op in ops:
            p, n = _get(data, PORTABLE, s, op, a15), _get(data, NEON, s, op, a15)
            ref, pneon = published.get((s, op), (None, None))
            rows.append([f"`{s}`", op, fmt_int(p), fmt_int(n), fmt_pct(improvement(n, p)),
                         fmt_int(ref), fmt_int(pneon), fmt_pct(improvement(pneon, ref))])
    L += _table(["set", "op", "portable (est.)", "NEON (est.)", "improvement",
                 "published reference", "published NEON", "published improvement"], rows) + [""]

    # 2. Executed instructions.
    L += ["## Executed instructions per operation (exact)", ""]
    rows = []
    for s in sets:
        for op in ops:
            p, n = _get(data, PORTABLE, s, op), _get(data, NEON, s, op)
            rows.append([f"`{s}`", op, fmt_int(p), fmt_int(n), fmt_pct(improvement(n, p))]
                        + ocell(s, op))
    L += _table(["set", "op", "portable", "NEON", "improvement"] + ohead, rows) + [""]

    # 3. Estimated cycles, one table per core.
    for c in cpus:
        L += [f"## Estimated cycles per operation: `{c}`", ""]
        rows = []
        for s in sets:
            for op in ops:
                p, n = _get(data, PORTABLE, s, op, c), _get(data, NEON, s, op, c)
                rows.append([f"`{s}`", op, fmt_int(p), fmt_int(n), fmt_pct(improvement(n, p))]
                            + ocell(s, op, c))
        L += _table(["set", "op", "portable", "NEON", "improvement"] + ohead, rows) + [""]

    # 4. The bar.
    rows, verdict = bar_status(data)
    L += ["## Target: rank-4 sign and verify at least 40% fewer estimated cycles with NEON", "",
          f"On every core: **{verdict}**.", ""]
    if rows:
        L += _table(["set", "op"] + [f"`{c}`" for c in cpus], rows) + [""]

    # 4b. NEON vs the official optimized build (issue #6).
    if off:
        rows, verdict = official_status(data, off)
        L += ["## NEON vs official optimized", "",
              "Official / NEON estimated cycles per operation (higher is better for NEON). "
              "Target: sign and verify at least "
              f"{OFFICIAL_BAR['sign']:g}× fewer estimated cycles than the official optimized "
              f"build, keygen at least {OFFICIAL_BAR['keygen']:g}×, on every core and every set: "
              f"**{verdict}**.", ""]
        L += _table(["set", "op", "needed"] + [f"`{c}`" for c in cpus], rows) + [""]
        same = [(s, op) for s in sets for op in ops
                if off.get("results", {}).get(s, {}).get(op) is not None
                and data["results"].get(NEON, {}).get(s, {}).get(op) is not None]
        differ = [f"`{s}` {op}" for s, op in same
                  if off["results"][s][op]["digest"] != data["results"][NEON][s][op]["digest"]]
        if same:
            L += ["Outputs: " + ("the official build prints the same digest of keys and signature "
                                 "as the NEON build for every set and operation compared."
                                 if not differ else "**the official build's digest differs from "
                                 "the NEON build's** for " + ", ".join(differ) + "."), ""]
        diffs = official_method_differences(data, off)
        if diffs:
            L += ["**Measured differently** from our builds: " + "; ".join(diffs) + ".", ""]

    # 5. Method.
    L += ["## Method", "",
          "- Program: `tools/bench/snova_bench.c`, built per set and build variant on the core's "
          "NIST API only. Set-up (deterministic, NIST CTR_DRBG seeded with bytes 0..47): none for "
          "keygen, one key pair for sign, a key pair and a signature for verify. Measured "
          "operations: `crypto_sign_keypair`, `crypto_sign_signature` (detached, "
          f"{m['message_bytes']}-byte message), `crypto_sign_verify`. The DRBG is re-seeded "
          "before every repetition, so every repetition does the same work; the re-seed is "
          "measured alone and subtracted.",
          f"- Isolation: each program runs with {m['base']} + R and with {m['base']} "
          f"repetitions, R = {m['reps']}; the two block profiles are subtracted, and so is the "
          "re-seed's; per operation = difference / R (set-up and tear-down cancel exactly). "
          "Every build must print the same digest of keys and signature.",
          f"- Cycles: the hot blocks covering {100 * m['coverage']:g}% of the operation's "
          "executed instructions are modelled by llvm-mca (100 iterations each"
          + (f", a call counted as {m['call_latency']} cycle(s) instead of llvm-mca's placeholder of 100"
             if "call_latency" in m else "")
          + "); the rest are "
          "counted at the modelled blocks' average cycles per instruction. Blocks are qemu's "
          "translation blocks, which also end at 4 KiB page boundaries, so identical code placed "
          "at other addresses can be cut into other blocks: such estimates differ by a few "
          "percent (e.g. the same verify in the esk and ssk builds).",
          f"- Tools: {m['emulator']}; {m['llvm_mca']}; {m['compiler']} (static; flags per build "
          "variant in `c_glue/c_glue.mk`).",
          ]
    if off:
        o = off["official"]
        L += [f"- Official optimized: `{o['repository']}` at commit `{o['commit']}`, "
              f"{o['configuration']} Built outside this project (nothing of it is committed here) "
              "and measured with the same benchmark program, isolation and cycle estimate; "
              "figures in `bench/official_optimized.json`."]
    L += ["- See `tools/bench/README.md` for the tools.", ""]
    return "\n".join(L)


def write(json_path: str | os.PathLike, published: str | os.PathLike = PUBLISHED,
          official: str | os.PathLike | None = OFFICIAL) -> Path:
    """Write results.md beside results.json (with the official optimized figures
    when `official` names a file that exists)."""
    json_path = Path(json_path)
    data = json.loads(json_path.read_text())
    link = os.path.relpath(MCA_SUMMARY, json_path.resolve().parent)
    md = json_path.with_suffix(".md")
    md.write_text(render(data, load_published(published), mca_link=link,
                         plot=json_path.with_suffix(".png").name,
                         official=load_official(official)))
    return md


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="results.json written by tools.bench.run")
    ap.add_argument("--published", default=str(PUBLISHED))
    ap.add_argument("--official", default=str(OFFICIAL),
                    help="the official optimized build's figures (ignored if absent)")
    ap.add_argument("--no-plot", action="store_true")
    ap.add_argument("--summary", action="store_true",
                    help="print the README's results table (summary_table) instead of writing files")
    a = ap.parse_args(argv)
    if a.summary:
        data = json.loads(Path(a.json).read_text())
        print("\n".join(summary_table(data, load_official(a.official))))
        return 0
    print(f"wrote {write(a.json, a.published, a.official)}")
    if not a.no_plot:
        from . import plot
        print(f"wrote {plot.write(a.json, a.published)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
