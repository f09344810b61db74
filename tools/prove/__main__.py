"""make prove: every kernel of out/ checked on its object code, each result
cached in tools/prove/proved.json by the kernel's object bytes, the checker's
own source and the ABI header, so that unchanged kernels cost nothing.

    python -m tools.prove [--out DIR] [--cache FILE] [--jobs N] [kernel ...]

Ends with the line 'proved: F/N functional, M/N memory-safe, C/N constant-time'
over every kernel of the out directory; exits 1 unless M = C = N."""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from multiprocessing import Pool
from pathlib import Path

from tools.prove import functional
from tools.prove.check import check
from tools.prove.objcode import assemble, format_difference, object_code

ROOT = Path(__file__).resolve().parents[2]
CHECKER = Path(__file__).resolve().parent
CACHE = CHECKER / "proved.json"
HEADER = "snova_kernels.h"
ASM_HEADER = "snova_asm.h"        # the object-format macros: the Mach-O and COFF objects follow it


def checker_hash(out: Path) -> str:
    """The checker's sources (with the operand parser it shares with
    tools/ct) and the ABI header (its operand sizes)."""
    digest = hashlib.sha256()
    for path in [*sorted(CHECKER.glob("*.py")), ROOT / "tools" / "ct" / "kernel_check.py"]:
        digest.update(path.name.encode() + path.read_bytes())
    for name in (HEADER, ASM_HEADER):
        digest.update((out / name).read_bytes())
    return digest.hexdigest()


def kernel_sources(out: Path) -> list:
    return sorted(out.glob("*.S"))


def entry_key(obj: bytes, checker: str) -> str:
    return hashlib.sha256(obj + checker.encode()).hexdigest()


def prove_one(job):
    """One kernel's entry. Every property is claimed of the ELF object and of
    the Mach-O and COFF objects with the same text, so a kernel whose other
    objects differ has none."""
    source, obj, header = job
    code = object_code(Path(source), obj)
    result = check(code, Path(header))
    wrong = functional.failure(code, Path(header))
    formats = format_difference(Path(source), code)
    return {"memory_safe": result["memory"] is None and formats is None,
            "constant_time": result["constant_time"] is None and formats is None,
            "functional": wrong is None and formats is None, "functional_failure": wrong or formats,
            "failure": result["memory"] or result["constant_time"] or formats,
            "paths": result["paths"], "steps": result["steps"], "slack": result["slack"]}


def load_cache(path: Path) -> dict:
    return json.loads(path.read_text()) if path.exists() else {}


def prove(out: Path, cache_path: Path, jobs: int, only=()) -> dict:
    checker = checker_hash(out)
    cache = load_cache(cache_path)
    sources = kernel_sources(out)
    entries, todo = {}, []
    for source in sources:
        obj = assemble(source, out)
        key = entry_key(obj, checker)
        cached = cache.get(source.stem)
        if cached and cached["key"] == key and source.stem not in only:
            entries[source.stem] = cached
        else:
            todo.append((source, obj, key))
    jobs_list = [(str(s), obj, str(out / HEADER)) for s, obj, _ in todo]
    if jobs > 1 and len(jobs_list) > 1:
        with Pool(min(jobs, 2)) as pool:
            results = pool.map(prove_one, jobs_list, chunksize=1)
    else:
        results = list(map(prove_one, jobs_list))
    for (source, _, key), result in zip(todo, results):
        entries[source.stem] = {"key": key, **result}
    return entries


def summary(entries: dict) -> str:
    n = len(entries)
    f = sum(e["functional"] for e in entries.values())
    m = sum(e["memory_safe"] for e in entries.values())
    c = sum(e["constant_time"] for e in entries.values())
    return f"proved: {f}/{n} functional, {m}/{n} memory-safe, {c}/{n} constant-time"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.prove", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out")
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-write", action="store_true", help="leave the cache file unchanged")
    parser.add_argument("kernels", nargs="*", help="re-prove these even if cached")
    args = parser.parse_args(argv)
    entries = prove(args.out, args.cache, args.jobs, set(args.kernels))
    for name, entry in sorted(entries.items()):
        if entry["failure"]:
            print(f"{name}: {entry['failure']}")
    if not args.no_write:
        args.cache.write_text(json.dumps(dict(sorted(entries.items())), indent=1, sort_keys=True) + "\n")
    line = summary(entries)
    print(line)
    n = len(entries)
    return 0 if line.endswith(f"{n}/{n} memory-safe, {n}/{n} constant-time") else 1


if __name__ == "__main__":
    sys.exit(main())
