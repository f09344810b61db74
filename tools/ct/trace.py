"""Run an AArch64 program under qemu-user with the cttrace plugin (trace.c).

    python -m tools.ct.trace [--entry SYMBOL] [--stdin FILE] -- PROG [ARGS...]

prints what the plugin condensed: the executed blocks and the memory accesses
(counts and digests of their sequences) and the calls of SYMBOL. Two runs on
different secrets print the same lines when the program's control flow and
addresses do not depend on the secrets. Python: trace(binary, args, stdin).
"""
from __future__ import annotations

import argparse
import functools
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path(__file__).resolve().with_name("trace.c")
PLUGIN = ROOT / "build" / "ct" / "trace.so"
QEMU = ["qemu-aarch64", "-cpu", "max"]


@dataclass(frozen=True)
class Trace:
    blocks: tuple[int, str]      # executed blocks, digest of their start addresses in order
    accesses: tuple[int, str]    # memory accesses, digest of (address, size, store) in order
    entries: int                 # executions of the entry symbol's first block
    stdout: str


@functools.cache
def plugin() -> Path:
    """The plugin, built with the host compiler when missing or older than its
    source; renamed into place, so parallel test workers never load half of it."""
    if not PLUGIN.exists() or PLUGIN.stat().st_mtime < SOURCE.stat().st_mtime:
        PLUGIN.parent.mkdir(parents=True, exist_ok=True)
        tmp = PLUGIN.with_name(f".trace.so.{os.getpid()}")
        subprocess.run(["cc", "-O2", "-Wall", "-Wextra", "-shared", "-fPIC", "-fvisibility=hidden",
                        "-o", str(tmp), str(SOURCE)], check=True)
        tmp.replace(PLUGIN)
    return PLUGIN


def symbol_address(binary: str | os.PathLike, name: str) -> int:
    """Address of a defined symbol of a static binary."""
    out = subprocess.run(["llvm-nm-19", "--defined-only", str(binary)], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[2] == name:
            return int(fields[0], 16)
    raise KeyError(f"{binary} defines no symbol {name}")


def trace(binary: str | os.PathLike, args=(), stdin: bytes = b"", entry: str | None = None,
          timeout: float = 600) -> Trace:
    """Runs `binary args` under qemu with the plugin. stdin comes from a file, not
    a pipe: reads from a pipe may return less than asked, which changes the path
    through the C library from run to run. The guest's environment is empty."""
    options = ""
    if entry is not None:
        options = f",entry={symbol_address(binary, entry):x}"
    with tempfile.TemporaryDirectory(prefix="cttrace-") as tmp:
        out, inp = Path(tmp) / "trace.txt", Path(tmp) / "stdin"
        inp.write_bytes(stdin)
        with open(inp, "rb") as f:
            p = subprocess.run([*QEMU, "-plugin", f"{plugin()},out={out}{options}", str(binary), *map(str, args)],
                               stdin=f, capture_output=True, text=True, env={}, timeout=timeout)
        if p.returncode != 0 or not out.exists():
            raise RuntimeError(f"{binary} {' '.join(map(str, args))} exited {p.returncode}: {p.stdout}{p.stderr}")
        fields = {line.split()[0]: line.split()[1:] for line in out.read_text().splitlines()}
    return Trace((int(fields["blocks"][0]), fields["blocks"][1]), (int(fields["accesses"][0]), fields["accesses"][1]),
                 int(fields["entries"][0]), p.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entry", help="count the calls of this function")
    ap.add_argument("--stdin", type=Path, help="the program's standard input")
    ap.add_argument("prog")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    a = ap.parse_args(argv)
    t = trace(a.prog, a.args, a.stdin.read_bytes() if a.stdin else b"", a.entry)
    print(f"blocks {t.blocks[0]} {t.blocks[1]}\naccesses {t.accesses[0]} {t.accesses[1]}\nentries {t.entries}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
