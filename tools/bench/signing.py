"""Signing both ways: the first attempt (bench/results.json) and expected, the mean over
distinct messages with every rejected attempt included, as ML-DSA-44's figures are.

    python -m tools.bench.signing --sets S [S ...] [--build build/bench] [--messages 64]
                                  [--jobs 2] [--out bench/signing.json]

`make bench-signing` runs it. Per set, the NEON build's sign_messages (sign_messages.c)
signs `messages` distinct messages after its key pair, isolated as run.py isolates an
operation (base + messages against base, less its `reseed` mode), once per kernel choice
of the cores (dispatch.plan): the mean instructions and estimated cycles per message. The
aarch64-neon-attempts build of the same program prints each message's attempts: their
histogram and mean. Writes bench/signing.json; docs.py renders it (section()).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import dispatch
from . import estimate as est
from .anchors import figure
from .count import QEMU, ROOT
from .isolate import PAD
from .profile import Profile
from .run import CPUS, dumps, method, checked_isolate
from .tables import NEON, fmt_int, fmt_ratio, fmt_thousands, get, table

FORMAT = "snova-neon-gen bench signing 1"
ATTEMPTS = "aarch64-neon-attempts"
PROGRAM = "sign_messages"
MESSAGES = 64
BASE = 1
SIGNING = ROOT / "bench" / "signing.json"


def attempts(binary: Path, messages: int, base: int = BASE) -> list[int]:
    """Each measured message's attempts (the attempts build's line; the first `base`
    messages are the isolation's baseline, not measured)."""
    p = subprocess.run(QEMU + [str(binary), "sign", f"{base + messages:0{PAD}d}"], capture_output=True,
                       text=True, env={}, check=True)
    words = next(ln for ln in p.stdout.splitlines() if ln.startswith("attempts")).split()[1:]
    counts = [int(w) for w in words]
    if len(counts) != base + messages:
        raise ValueError(f"{binary}: {len(counts)} messages signed, not {base + messages}")
    return counts[base:]


def histogram(counts: list[int]) -> dict[str, int]:
    """{attempts: messages} in order of attempts (JSON keys are strings)."""
    return {str(a): n for a, n in sorted(Counter(counts).items())}


def mean_attempts(hist: dict[str, int]) -> float:
    return sum(int(a) * n for a, n in hist.items()) / sum(hist.values())


def signatures(binary: Path, messages: int, args=()) -> Profile:
    """The profile of signing `messages` distinct messages, nothing else (`args`: the
    kernel choice, dispatch.cpu_args)."""
    sign, reseed = (checked_isolate(binary, mode, messages, BASE, args, same_reps=False)
                    for mode in ("sign", "reseed"))
    return sign.diff - reseed.diff


def mean_instructions(net: Profile, messages: int) -> float:
    return round(net.total / messages, 1)


def expected(build: Path, sname: str, messages: int, cpus) -> dict:
    """Mean instructions (the emulator's own kernel choice) and estimated cycles per core
    (its own choice) of signing one of `messages` distinct messages."""
    binary = build / NEON / sname / PROGRAM
    cycles, instructions = {}, None
    for args, group in dispatch.plan(str(build / NEON / sname / "snova_bench"), cpus):
        net = signatures(binary, messages, args)
        if instructions is None:
            instructions = mean_instructions(net, messages)
        cycles.update({cpu: round(est.estimate(net, cpu).cycles / messages, 1) for cpu in group})
    return {"messages": messages, "instructions": instructions, "cycles": {c: cycles[c] for c in cpus}}


def measure_set(build: Path, sname: str, messages: int, cpus) -> dict:
    hist = histogram(attempts(build / ATTEMPTS / sname / PROGRAM, messages))
    return {"expected": expected(build, sname, messages, cpus),
            "attempts": {"histogram": hist, "mean": round(mean_attempts(hist), 4)}}


def first_attempt(results: dict, sname: str, cpus) -> dict:
    """bench/results.json's NEON sign: one message, solved at its first attempt."""
    return {"instructions": get(results, NEON, sname, "sign"),
            "cycles": {c: get(results, NEON, sname, "sign", c) for c in cpus}}


def run(build: Path, sets: list[str], results: dict, messages: int = MESSAGES, jobs: int = 2,
        cpus=CPUS) -> dict:
    with ProcessPoolExecutor(jobs) as pool:
        futs = {s: pool.submit(measure_set, build, s, messages, tuple(cpus)) for s in sets}
        measured = {s: f.result() for s, f in futs.items()}
    return {"format": FORMAT, "method": {**method(messages, BASE), "messages": messages},
            "variant": NEON, "cpus": list(cpus),
            "sets": {s: {"first_attempt": first_attempt(results, s, cpus), **measured[s]} for s in sets}}


def load(path=SIGNING) -> dict | None:
    return json.loads(Path(path).read_text()) if Path(path).exists() else None


def section(signing: dict | None, anchors: dict | None, cpus: list[str]) -> list[str]:
    """docs/benchmarks.md's part: per set and model, first attempt / expected, beside the
    goal scheme's mean (anchors.json)."""
    if not signing:
        return []
    cpus = [c for c in cpus if c in signing["cpus"]]
    scheme = anchors and anchors["goal"]["scheme"]
    n = signing["method"]["messages"]
    rows = []
    for s, r in signing["sets"].items():
        hist = r["attempts"]["histogram"]
        cells = []
        for c in cpus:
            first, exp = r["first_attempt"]["cycles"][c], r["expected"]["cycles"][c]
            theirs = scheme and figure(anchors, scheme, "sign", c)
            cells.append(f"{fmt_thousands(first)} / {fmt_thousands(exp)}"
                         + (f" ({fmt_ratio(exp / theirs)})" if theirs else ""))
        rows.append([f"`{s}`", " ".join(f"{a}:{k}" for a, k in hist.items()) + f" = {r['attempts']['mean']:.3f}",
                     *cells])
    if scheme:
        averaged = anchors["schemes"][scheme]["results"]["sign"]["averaged"]
        rows.append([scheme, f"mean of {averaged:,}",
                     *[fmt_thousands(figure(anchors, scheme, "sign", c)) for c in cpus]])
    return ["### Signing: first attempt and expected", "",
            f"`make bench-signing` (`bench/signing.json`), NEON, estimated sign cycles: *first attempt* "
            f"(`bench/results.json`: one message, solved at its first attempt) / *expected*: the mean over {n} "
            f"distinct messages with their own salts, every rejected attempt included, as {scheme}'s figure is"
            f" (its ratio in brackets). Attempts: messages per number of attempts = mean.", "",
            *table(["set", "attempts", *cpus], rows), ""]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="+", required=True)
    ap.add_argument("--build", default=str(ROOT / "build" / "bench"))
    ap.add_argument("--messages", type=int, default=MESSAGES)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--results", default=str(ROOT / "bench" / "results.json"))
    ap.add_argument("--out", default=str(SIGNING))
    a = ap.parse_args(argv)
    data = run(Path(a.build), a.sets, json.loads(Path(a.results).read_text()), a.messages, a.jobs)
    for s, r in data["sets"].items():
        print(f"{s}: attempts {r['attempts']['histogram']} mean {r['attempts']['mean']}; sign "
              + ", ".join(f"{c} {fmt_int(r['first_attempt']['cycles'][c])} first / "
                          f"{fmt_int(r['expected']['cycles'][c])} expected" for c in data["cpus"]), flush=True)
    Path(a.out).write_text(dumps(data))
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
