"""Steady-state cycles per execution of basic blocks, from llvm-mca.

For each block: Total Cycles / Iterations of llvm-mca over ITERATIONS
back-to-back runs of the block on the chosen core model.  Results are cached
on disk per (llvm-mca version, cpu, block words), one small JSON file each,
written atomically, so parallel runs (make -j2, pytest -n 2) may share the
cache and a re-run over unchanged programs runs no llvm-mca at all.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .count import BUILD
from .disasm import MATTR, disassemble

LLVM_MCA = "llvm-mca-19"
ITERATIONS = 100
# Cycles llvm-mca charges a call (BL, BLR). It does not model calls and by default
# assumes 100, a placeholder that an in-order model (cortex-a55) adds in full to
# every block ending in a call. A call is a taken branch that also writes x30: one
# cycle, like the models' other branches.
CALL_LATENCY = 1
CACHE = BUILD / "mca-cache"
CHUNK = 64     # blocks per llvm-mca run (one code region each)
JOBS = 2       # the machines have 2 cores

from .profile import Words


@dataclass(frozen=True)
class Cost:
    cycles: float | None  # per execution of the block; None: not modelled
    why: str = ""         # why not modelled


class UnknownCpu(ValueError):
    pass


@functools.cache
def mca_version() -> str:
    out = subprocess.run([LLVM_MCA, "--version"], capture_output=True, text=True).stdout
    return " ".join(out.split()[:4])


def _key(cpu: str, words: Words) -> str:
    h = hashlib.sha256(f"{mca_version()}|{cpu}|{MATTR}|{ITERATIONS}|{CALL_LATENCY}|".encode())
    h.update(b"".join(w.to_bytes(4, "little") for w in words))
    return h.hexdigest()


def _run(cpu: str, regions: list[list[str]]) -> list[float]:
    """Run llvm-mca on one code region per block; cycles per iteration each."""
    src = []
    for i, lines in enumerate(regions):
        src += [f"# LLVM-MCA-BEGIN b{i}"] + [f"\t{ln}" for ln in lines] + [f"# LLVM-MCA-END b{i}"]
    p = subprocess.run([LLVM_MCA, "-mtriple=aarch64", f"-mcpu={cpu}", f"-mattr={MATTR}",
                        f"-iterations={ITERATIONS}", f"--call-latency={CALL_LATENCY}", "--json",
                        "--instruction-info=false",
                        "--resource-pressure=false"],
                       input="\n".join(src) + "\n", capture_output=True, text=True)
    if "is not a recognized processor" in p.stderr:
        raise UnknownCpu(f"llvm-mca does not know cpu '{cpu}'")
    if p.returncode != 0:
        raise RuntimeError(p.stderr.strip()[-1000:])
    views = [r["SummaryView"] for r in json.loads(p.stdout)["CodeRegions"]]
    if len(views) != len(regions):
        raise RuntimeError(f"llvm-mca returned {len(views)} regions for {len(regions)}")
    return [v["TotalCycles"] / v["Iterations"] for v in views]


def _model(cpu: str, blocks: list[Words], asm: dict[int, str]) -> list[Cost]:
    """Costs of a chunk of decodable blocks; if llvm-mca rejects the chunk,
    each block alone, so one bad block does not sink the others."""
    try:
        return [Cost(c) for c in _run(cpu, [[asm[w] for w in b] for b in blocks])]
    except RuntimeError as e:
        if len(blocks) == 1:
            return [Cost(None, f"llvm-mca: {e}")]
        return [_model(cpu, [b], asm)[0] for b in blocks]


def _store(path: Path, cost: Cost) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        json.dump({"cycles": cost.cycles, "why": cost.why}, f)
    os.replace(tmp, path)  # atomic: readers see all of it or nothing


def block_costs(blocks: list[Words], cpu: str, cache: Path | None = None) -> dict[Words, Cost]:
    """Cycles per execution of each block on `cpu` (an llvm-mca -mcpu name)."""
    cache = Path(cache) if cache is not None else CACHE
    costs: dict[Words, Cost] = {}
    todo = []
    for b in dict.fromkeys(blocks):
        f = cache / cpu / f"{_key(cpu, b)}.json"
        if f.exists():
            d = json.loads(f.read_text())
            costs[b] = Cost(d["cycles"], d["why"])
        else:
            todo.append(b)
    if not todo:
        return costs

    asm = disassemble([w for b in todo for w in b])
    new: dict[Words, Cost] = {}
    decodable = []
    for b in todo:
        bad = [w for w in b if w not in asm]
        if bad:
            new[b] = Cost(None, f"undecodable word {bad[0]:08x}")
        else:
            decodable.append(b)
    chunks = [decodable[i:i + CHUNK] for i in range(0, len(decodable), CHUNK)]
    if len(chunks) < JOBS and len(decodable) > 1:  # keep both cores busy
        half = (len(decodable) + 1) // 2
        chunks = [decodable[:half], decodable[half:]]
    with ThreadPoolExecutor(JOBS) as pool:
        for chunk, res in zip(chunks, pool.map(lambda c: _model(cpu, c, asm), chunks)):
            new.update(zip(chunk, res))
    for b, c in new.items():
        _store(cache / cpu / f"{_key(cpu, b)}.json", c)
    costs.update(new)
    return costs
