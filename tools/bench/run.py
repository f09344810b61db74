"""Run the SNOVA benchmark: per-operation executed instructions and estimated
cycles for every (build variant, parameter set, operation).

    python -m tools.bench.run --variants V [V ...] --sets S [S ...] --out DIR
                              [--build build/bench] [--reps 2] [--base 1] [--jobs 2] [--merge]

Writes DIR/results.json, then DIR/results.md and DIR/results.png (report.py,
plot.py).  `make bench` and `make bench-quick` call this (tools/bench/bench.mk).
With --merge, the sets measured replace their entries of the variants measured in
the DIR/results.json already there, which keeps everything else (`make bench
BENCH_MERGE=1 BENCH_SETS=...` after a change that moves only some sets); the
method, cores and operations must be those it was measured with, and every variant
of a set must still compute the same keys and signatures.

Per core: every figure of a core comes from a profile in which the build's kernel
table chose what that core would choose (dispatch.py: the NEON build's Keccak-f[1600]
kernels depend on FEAT_SHA3 and the MIDR); cores with the same choice share a
profile, so a portable build is profiled once. An entry's `instructions` are those
of the choice the emulator's own CPU gets (`qemu-aarch64 -cpu max`); its `profiles`
give each core's instructions and the Keccak and table-form functions its profile ran.

Per operation: the benchmark program <build>/<variant>/<set>/snova_bench
(snova_bench.c) is run under the instruction counter with base + reps and with
base repetitions of the operation (isolate.py); the same is done for its
`reseed` mode (the DRBG re-seed the program does before every repetition), and
the difference of the two differences, block by block, is the operation alone,
`reps` times.  Instructions per operation are that total / reps (exact: the
run fails if it does not divide); cycles per operation are estimate.py's
llvm-mca estimate of that profile / reps.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from . import dispatch
from . import estimate as est
from .count import ROOT, ensure_plugin
from .isolate import isolate
from .mca import CALL_LATENCY, mca_version
from .ops import OPS
from .profile import Profile
from .sets import cost as set_cost
from .sets import params as set_params

CPUS = est.DEFAULT_CPUS
FORMAT = "snova-neon-gen bench results 2"


class BenchError(RuntimeError):
    pass


@dataclass
class OpMeasure:
    reps: int
    net: Profile              # `reps` operations alone (re-seed subtracted)
    reseed_instructions: int  # per repetition, subtracted
    digest: str               # the program's output digest (keys, signature)
    prepared_bytes: int | None = None  # the program's `bytes=N`: a prepared key's size

    @property
    def instructions(self) -> int:
        return self.net.total // self.reps

    def cycles(self, cpu: str) -> float:
        return est.estimate(self.net, cpu).cycles / self.reps


def checked_isolate(binary: str | os.PathLike, mode: str, reps: int, base: int, args=(), same_reps: bool = True):
    """isolate() of `reps` repetitions of `mode` in a benchmark program, checked: the set-up
    and the output the same whatever R, and (`same_reps`) every repetition as many instructions."""
    r = isolate([str(binary), *args, mode, "{R}"], reps, base=base)
    if r.negative_blocks:
        raise BenchError(f"{binary} {mode}: {r.negative_blocks} blocks ran less with "
                         f"{base + reps} repetitions than with {base}: set-up differs")
    if r.full.stdout != r.base.stdout:
        raise BenchError(f"{binary} {mode}: output differs between {base + reps} and "
                         f"{base} repetitions: {r.full.stdout!r} vs {r.base.stdout!r}")
    if same_reps and r.diff.total % reps:
        raise BenchError(f"{binary} {mode}: {r.diff.total} instructions for {reps} "
                         "repetitions do not divide: repetitions differ")
    return r


def measure(binary: str | os.PathLike, op: str, reps: int = 2, base: int = 1, args=()) -> OpMeasure:
    """Isolate `reps` executions of `op` in the benchmark program `binary`, given `args`
    before the operation (dispatch.cpu_args)."""
    op_iso, reseed = (checked_isolate(binary, mode, reps, base, args) for mode in (op, "reseed"))
    net = op_iso.diff - reseed.diff
    if net.total % reps:
        raise BenchError(f"{binary} {op}: {net.total} instructions for {reps} repetitions do not divide")
    out = op_iso.full.stdout.decode().split()
    size = next((int(w[6:]) for w in out if w.startswith("bytes=")), None)
    return OpMeasure(reps, net, reseed.diff.total // reps, out[-1] if out else "", size)


def _task(variant: str, sname: str, op: str, binary: str, reps: int, base: int,
          cpus: tuple[str, ...], plan: list) -> dict:
    """One (variant, set, op): a profile per entry of dispatch.plan(), the first the
    emulator's own choice."""
    t0 = time.monotonic()
    measured = [(measure(binary, op, reps, base, args), group) for args, group in plan]
    digests = {m.digest for m, _ in measured}
    if len(digests) > 1:
        raise BenchError(f"{binary} {op}: the cores' kernel choices print different digests {sorted(digests)}")
    of = {cpu: m for m, group in measured for cpu in group}
    chosen = {id(m): {kind: dispatch.ran(binary, m.net, fragments) for kind, fragments
                      in (("keccak", dispatch.KECCAK), ("tables", dispatch.TABLES), ("paired", dispatch.PAIRED),
                          ("folded", dispatch.FOLDED), ("replicated", dispatch.REPLICATED))}
              for m, _ in measured}
    cycles, modelled, profiles = {}, {}, {}
    for cpu in cpus:
        m = of[cpu]
        e = est.estimate(m.net, cpu)
        cycles[cpu] = round(e.cycles / reps, 1)
        modelled[cpu] = round(e.modeled_instructions / e.instructions, 6) if e.instructions else 0.0
        profiles[cpu] = {"instructions": m.instructions, **chosen[id(m)]}
    native = measured[0][0]
    return {"variant": variant, "set": sname, "op": op,
            "instructions": native.instructions, "cycles": cycles, "modelled_share": modelled,
            "profiles": profiles, "reseed_instructions": native.reseed_instructions, "digest": native.digest,
            **({"prepared_bytes": native.prepared_bytes} if native.prepared_bytes is not None else {}),
            "seconds": time.monotonic() - t0}


def _first_line(cmd: list[str]) -> str:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
        return (p.stdout or p.stderr).splitlines()[0].strip()
    except (OSError, IndexError):
        return "unknown"


def method(reps: int, base: int) -> dict:
    """How the figures were made (no dates or host names: reproducible)."""
    return {
        "reps": reps, "base": base, "coverage": est.COVERAGE,
        "emulator": _first_line(["qemu-aarch64", "--version"]) + " -cpu max, insncount plugin",
        "llvm_mca": mca_version(),
        "call_latency": CALL_LATENCY,
        "compiler": _first_line(["clang-19", "--version"]),
        "message_bytes": 33,
    }


def run(variants: list[str], sets: list[str], build: Path, reps: int = 2, base: int = 1,
        jobs: int = 2, cpus=CPUS, log=print, ops=OPS) -> dict:
    ensure_plugin()
    tasks = [(v, s, op) for v in variants for s in sets for op in ops]
    for v, s, _ in tasks:
        if not (build / v / s / "snova_bench").exists():
            raise BenchError(f"missing {build / v / s / 'snova_bench'} (make bench-progs)")
    order = sorted(tasks, key=lambda t: -set_cost(t[1]))
    plans = {(v, s): dispatch.plan(str(build / v / s / "snova_bench"), cpus) for v in variants for s in sets}
    done: dict = {}
    t0 = time.monotonic()
    width = len(str(len(tasks)))
    with ProcessPoolExecutor(jobs) as pool:
        futs = {pool.submit(_task, v, s, op, str(build / v / s / "snova_bench"), reps, base,
                            tuple(cpus), plans[v, s]): (v, s, op) for v, s, op in order}
        for i, f in enumerate(as_completed(futs), 1):
            r = f.result()
            secs = r.pop("seconds")
            v, s, op = futs[f]
            done[v, s, op] = r = {k: x for k, x in r.items() if k not in ("variant", "set", "op")}
            el = int(time.monotonic() - t0)
            log(f"[{i:{width}d}/{len(tasks)}] {v} {s} {op}: {r['instructions']:,} instructions, "
                + ", ".join(f"{c} {r['cycles'][c]:,.0f}" for c in cpus)
                + f" cycles ({len(plans[v, s])} profiles, {secs:.1f} s; elapsed {el // 60}:{el % 60:02d})",
                flush=True)
    # canonical order, whatever order the tasks finished in
    results = {v: {s: {op: done[v, s, op] for op in ops} for s in sets} for v in variants}
    check_agreement(results, variants, sets, ops)
    return {"format": FORMAT, "method": method(reps, base), "cpus": list(cpus),
            "dispatch": dispatch_table(cpus), "ops": list(ops), "variants": list(variants),
            "sets": list(sets), "results": results}


def check_agreement(results: dict, variants, sets, ops) -> None:
    """Every build must compute the same keys and signatures."""
    bad = [f"{s} {op}: " + ", ".join(f"{v} {results[v][s][op]['digest']}" for v in variants)
           for s in sets for op in ops
           if len({results[v][s][op]["digest"] for v in variants}) > 1]
    if bad:
        raise BenchError("builds disagree on their outputs:\n  " + "\n  ".join(bad))


def merge(old: dict, new: dict) -> dict:
    """old with new's entries in place of its own: new's sets of new's variants."""
    for key in ("format", "method", "cpus", "dispatch", "ops"):
        if old[key] != new[key]:
            raise BenchError(f"--merge: the results' {key} differs from this run's ({old[key]!r} vs {new[key]!r})")
    unknown = sorted(set(new["variants"]) - set(old["variants"])) + sorted(set(new["sets"]) - set(old["sets"]))
    if unknown:
        raise BenchError(f"--merge: {unknown} not in the results")
    merged = json.loads(json.dumps(old))
    for v in new["variants"]:
        for s in new["sets"]:
            merged["results"][v][s] = new["results"][v][s]
    check_agreement(merged["results"], merged["variants"], new["sets"], merged["ops"])
    return merged


def dispatch_table(cpus) -> dict:
    """What each core presents to the kernel choice (dispatch.CORES), for results.json."""
    return {c: {"features": list(dispatch.CORES[c].features),
                "midr": None if dispatch.CORES[c].midr is None else f"{dispatch.CORES[c].midr:#010x}"}
            for c in cpus}


def dumps(data: dict) -> str:
    return json.dumps(data, indent=1, sort_keys=False) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="+", required=True)
    ap.add_argument("--sets", nargs="+", required=True)
    ap.add_argument("--out", required=True, help="directory for results.{json,md,png}")
    ap.add_argument("--build", default=str(ROOT / "build" / "bench"))
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--base", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--merge", action="store_true", help="replace these sets' entries in DIR/results.json")
    a = ap.parse_args(argv)
    unknown = sorted(set(a.sets) - set(set_params()))
    if unknown:
        ap.error(f"not a set name: {unknown}")
    t0 = time.monotonic()
    print(f"bench: {len(a.variants)} variants x {len(a.sets)} sets x {len(OPS)} operations, "
          f"R = {a.reps} vs base {a.base}, {a.jobs} jobs -> {a.out}/", flush=True)
    data = run(a.variants, a.sets, Path(a.build), a.reps, a.base, a.jobs)
    out = Path(a.out)
    if a.merge:
        data = merge(json.loads((out / "results.json").read_text()), data)
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(dumps(data))
    from . import plot, report
    report.write(out / "results.json")
    print(f"bench: wrote {out / 'results.json'}, {out / 'results.md'}", flush=True)
    plot.write(out / "results.json")
    el = int(time.monotonic() - t0)
    print(f"bench: wrote {out / 'results.png'}; done in {el // 60}:{el % 60:02d}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
