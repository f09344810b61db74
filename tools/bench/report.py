"""Render the SNOVA benchmark results (results.json from run.py) as markdown.

    python -m tools.bench.report DIR/results.json [--published TSV] [--official-r1 JSON]
                                 [--official-r2 JSON] [--official-r3 JSON] [--anchors JSON]
                                 [--no-plot]
    python -m tools.bench.report bench/results.json --summary [ROUND]

writes DIR/results.md (and DIR/results.png through plot.py unless --no-plot);
--summary prints a round's results table instead (official.summary_table with every build's
instructions; docs/benchmarks.md, tools/bench/docs.py, shows NEON's only).
Round 1 sets: the published Apple M2 figures (bench/published_m2.tsv) are shown
beside ours, and, when bench/official_optimized.json is there (the official
optimized SNOVA build measured the same way; see its "official" entry), an
"official optimized" column and the NEON-vs-official table with the issue's bar.
Each later round's sets get a section of their own (rounds.py), beside that
round's reference figures (official.py's TARGETS: the official optimized code, for
Round 2 liboqs's `neon` build) and, for Round 3, the
anchor schemes of bench/anchors.json.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from . import dispatch
from .count import ROOT
from .official import TARGETS, digest_differences, load_official, method_differences, official_status, \
    official_value, round_sets, summary_table
from .anchors import ANCHORS, heading, load_anchors, prepared_rows
from .rounds import section as round_section
from .ops import PREPARED_OPS
from .published import PUB_OP, PUBLISHED, load_published
from .sets import rank, round_of
from .tables import DASH, NEON, PORTABLE, fmt_int, fmt_pct, get, improvement, table

MCA_SUMMARY = ROOT / "mca_reports" / "summary.md"
# the operation on a prepared key, and the preparation it needs (ops.PREPARED_OPS)
PREPARED = {"sign": ("sign_prepared", "prepare_sk"), "verify": ("verify_prepared", "prepare_pk")}
BAR_CUT = 0.40   # rank-4 sign and verify: NEON >= 40% fewer estimated cycles



def bar_status(data: dict) -> tuple[list[list[str]], str]:
    """Rows for the rank-4 sign/verify bar (Round 1 sets) and a one-line verdict."""
    cpus = data["cpus"]
    rows, ok, measured = [], True, True
    for s in round_sets(data, 1):
        if rank(s) != 4:
            continue
        for op in ("sign", "verify"):
            cells = []
            for c in cpus:
                imp = improvement(get(data, NEON, s, op, c), get(data, PORTABLE, s, op, c))
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


def method(data: dict, off: dict | None, later: dict[int, dict | None], provenance: bool = True) -> list[str]:
    """The report's method section (also docs/benchmarks.md's): how the figures were made,
    with the tools' versions from `data` and, with `provenance`, each core's kernel choice and
    the reference builds' provenance (`off`: Round 1's official figures; `later`: each later
    round measured -> its reference figures or None); without it, a pointer to the report's."""
    m = data["method"]
    L = ["## Method", "",
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
    if not provenance:
        return L + ["- Each core's kernel choice, and how each reference build was made and verified: "
                    "the method section of `bench/results.md`; the tools: `tools/bench/README.md`.", ""]
    choice = dispatch.describe(data, NEON)
    if choice:
        L += [f"- {choice}"]
    if off:
        o = off["official"]
        L += [f"- Official optimized: `{o['repository']}` at commit `{o['commit']}`, "
              f"{o['configuration']} Built outside this project (nothing of it is committed here) "
              "and measured with the same benchmark program, isolation and cycle estimate; "
              "figures in `bench/official_optimized.json`."]
    for rnd, figures in later.items():
        if figures:
            o = figures["official"]
            L += [f"- {TARGETS[rnd].title}, Round {rnd}: `{o['repository']}` at commit `{o['commit']}`; "
                  f"sources: {o['sources']}; benchmark program: {o['driver']} Verified: {o['verified']} "
                  f"Figures in `bench/{TARGETS[rnd].official.name}`."]
    L += ["- See `tools/bench/README.md` for the tools.", ""]
    return L


def render(data: dict, published: dict, *, mca_link: str = "../mca_reports/summary.md",
           plot: str = "results.png", official: dict | None = None,
           later: dict[int, dict | None] | None = None, anchors: dict | None = None) -> str:
    """The report. Round 1 sets fill the sections below as they always have (`official`:
    its official optimized figures); each later round with sets in `data` gets a section
    of its own (rounds.py) beside its official figures (`later`: round -> figures) and,
    for the anchors' round, the anchor schemes (`anchors`)."""
    # the sections of the plain operations; the prepared ones have their own
    full, data = data, {**data, "ops": [op for op in data["ops"] if op in PUB_OP]}
    m, cpus, ops = data["method"], data["cpus"], data["ops"]
    sets = round_sets(data, 1)
    later = later or {}
    rounds = sorted({round_of(s) for s in data["sets"]} - {1})
    variants = data["variants"]
    off = official
    # the official optimized column, when its figures are there
    ohead = ["official optimized"] if off else []

    def ocell(s, op, c=None):
        return [fmt_int(official_value(off, s, op, c))] if off else []
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
            p, n = get(data, PORTABLE, s, op, a15), get(data, NEON, s, op, a15)
            ref, pneon = published.get((s, op), (None, None))
            rows.append([f"`{s}`", op, fmt_int(p), fmt_int(n), fmt_pct(improvement(n, p)),
                         fmt_int(ref), fmt_int(pneon), fmt_pct(improvement(pneon, ref))])
    L += table(["set", "op", "portable (est.)", "NEON (est.)", "improvement",
                 "published reference", "published NEON", "published improvement"], rows) + [""]

    # 2. Executed instructions.
    L += ["## Executed instructions per operation (exact)", ""]
    rows = []
    for s in sets:
        for op in ops:
            p, n = get(data, PORTABLE, s, op), get(data, NEON, s, op)
            rows.append([f"`{s}`", op, fmt_int(p), fmt_int(n), fmt_pct(improvement(n, p))]
                        + ocell(s, op))
    L += table(["set", "op", "portable", "NEON", "improvement"] + ohead, rows) + [""]

    # 3. Estimated cycles, one table per core.
    for c in cpus:
        L += [f"## Estimated cycles per operation: `{c}`", ""]
        rows = []
        for s in sets:
            for op in ops:
                p, n = get(data, PORTABLE, s, op, c), get(data, NEON, s, op, c)
                rows.append([f"`{s}`", op, fmt_int(p), fmt_int(n), fmt_pct(improvement(n, p))]
                            + ocell(s, op, c))
        L += table(["set", "op", "portable", "NEON", "improvement"] + ohead, rows) + [""]

    # 4. The bar.
    rows, verdict = bar_status(data)
    L += ["## Target: rank-4 sign and verify at least 40% fewer estimated cycles with NEON", "",
          f"On every core: **{verdict}**.", ""]
    if rows:
        L += table(["set", "op"] + [f"`{c}`" for c in cpus], rows) + [""]

    # 4b. NEON vs the official optimized build (issue #6).
    if off:
        rows, verdict = official_status(data, off, sets, TARGETS[1].need)
        bar = TARGETS[1].bar
        L += ["## NEON vs official optimized", "",
              "Official / NEON estimated cycles per operation (higher is better for NEON). "
              "Target: sign and verify at least "
              f"{bar['sign']:g}× fewer estimated cycles than the official optimized "
              f"build, keygen at least {bar['keygen']:g}×, on every core and every set: "
              f"**{verdict}**.", ""]
        L += table(["set", "op", "needed"] + [f"`{c}`" for c in cpus], rows) + [""]
        same, differ = digest_differences(data, off, sets)
        if same:
            L += ["Outputs: " + ("the official build prints the same digest of keys and signature "
                                 "as the NEON build for every set and operation compared."
                                 if not differ else "**the official build's digest differs from "
                                 "the NEON build's** for " + ", ".join(differ) + "."), ""]
        diffs = method_differences(data, off)
        if diffs:
            L += ["**Measured differently** from our builds: " + "; ".join(diffs) + ".", ""]

    # 4c. Later rounds, a section each.
    for rnd in rounds:
        L += round_section(data, rnd, later.get(rnd), anchors)

    L += prepared_section(full, anchors)

    # 5. Method.
    L += method(data, off, {rnd: later.get(rnd) for rnd in rounds})
    return "\n".join(L)


def break_even(prepare, plain, prepared) -> str:
    """How many operations on a prepared key repay its preparation."""
    if None in (prepare, plain, prepared):
        return DASH
    saved = plain - prepared
    return f"{-(-prepare // saved):,.0f}" if saved > 0 else "never"


def prepared_section(data: dict, anchors: dict | None) -> list[str]:
    """NEON estimated cycles of sign and verify on a prepared key beside the plain
    ones, the preparation and its break-even, per core; the anchor schemes beside
    the anchors' set."""
    if not set(PREPARED_OPS) <= set(data["ops"]) or NEON not in data["variants"]:
        return []
    L = ["## Prepared keys (NEON)", "",
         "A key prepared once (libsnova's `snova_*_key_prepare`) for many operations: estimated cycles of "
         "the operation on the prepared key, of the plain operation, of the preparation, the break-even "
         "(operations after which preparing has paid: preparation / (plain − prepared)) and the bytes a "
         "prepared key holds.", ""]
    for c in data["cpus"]:
        rows = []
        for s in data["sets"]:
            for op, (fast, prep) in PREPARED.items():
                p, f, plain = (get(data, NEON, s, x, c) for x in (prep, fast, op))
                size = data["results"][NEON][s][prep].get("prepared_bytes")
                rows.append([f"`{s}`", op, fmt_int(f), fmt_int(plain), fmt_int(p), break_even(p, plain, f),
                             fmt_int(size)])
        L += [f"`{c}`:", ""] + table(["set", "op", "prepared", "plain", "preparation", "break-even", "bytes"],
                                     rows) + [""]
    cpus = [c for c in data["cpus"] if anchors and c in anchors["cpus"]]
    if cpus and anchors["set"] in data["sets"]:
        L += [f"Beside the anchor schemes ({heading(anchors)}), sign / verify:", ""]
        L += table(["scheme"] + [f"`{c}`" for c in cpus], prepared_rows(data, anchors, cpus), right_from=1) + [""]
    return L


def write(json_path: str | os.PathLike, published: str | os.PathLike = PUBLISHED,
          official: dict[int, str | os.PathLike | None] | None = None,
          anchors: str | os.PathLike | None = ANCHORS) -> Path:
    """Write results.md beside results.json, with each round's official optimized
    figures (`official`: round -> file, default TARGETS' files) where the file exists."""
    json_path = Path(json_path)
    data = json.loads(json_path.read_text())
    figures = {rnd: load_official((official or {}).get(rnd, t.official)) for rnd, t in TARGETS.items()}
    link = os.path.relpath(MCA_SUMMARY, json_path.resolve().parent)
    md = json_path.with_suffix(".md")
    md.write_text(render(data, load_published(published), mca_link=link,
                         plot=json_path.with_suffix(".png").name, official=figures.pop(1),
                         later=figures, anchors=load_anchors(anchors)))
    return md


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="results.json written by tools.bench.run")
    ap.add_argument("--published", default=str(PUBLISHED))
    for rnd, t in TARGETS.items():
        ap.add_argument(f"--official-r{rnd}", default=str(t.official),
                        help=f"Round {rnd}'s official optimized figures (ignored if absent)")
    ap.add_argument("--anchors", default=str(ANCHORS), help="other schemes' figures (ignored if absent)")
    ap.add_argument("--no-plot", action="store_true")
    ap.add_argument("--summary", type=int, nargs="?", const=1, metavar="ROUND", choices=sorted(TARGETS),
                    help="print the results table of that round (default 1; summary_table) "
                         "instead of writing files")
    a = ap.parse_args(argv)
    official = {rnd: getattr(a, f"official_r{rnd}") for rnd in TARGETS}
    if a.summary:
        data = json.loads(Path(a.json).read_text())
        print("\n".join(summary_table(data, load_official(official[a.summary]), a.summary)))
        return 0
    print(f"wrote {write(a.json, a.published, official, a.anchors)}")
    if not a.no_plot:
        from . import plot
        print(f"wrote {plot.write(a.json, a.published)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
