"""Run an AArch64 program under qemu-user with the cttrace plugin (trace.c).

    python -m tools.ct.trace [--cpu CPU] [--entry SYMBOL] [--segment SYMBOL] [--stdin FILE] -- PROG [ARGS...]

prints what the plugin condensed: the executed blocks and the memory accesses
(counts and digests of their sequences) and the calls of SYMBOL. Two runs on
different secrets print the same lines when the program's control flow and
addresses do not depend on the secrets. With --segment, the same for each part
of the run between calls of that function (a program that runs one operation
per secret compares its parts). CPU: the qemu CPU model (default max), which
decides the kernels the program chooses at run time. Python: trace(binary,
args, stdin, ...).
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
QEMU = "qemu-aarch64"
# the guest's shared libraries (programs linked against libsnova.so)
SYSROOT = "/usr/aarch64-linux-gnu"


@dataclass(frozen=True)
class Segment:
    blocks: tuple[int, str]      # executed blocks, digest of their start addresses in order
    accesses: tuple[int, str]    # memory accesses, digest of (address, size, store) in order
    entries: int                 # executions of the entry symbol's first block


@dataclass(frozen=True)
class Trace(Segment):
    stdout: str
    segments: tuple[Segment, ...] = ()   # the parts between calls of the segment symbol, in order


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
          segment: str | None = None, cpu: str = "max", timeout: float = 600) -> Trace:
    """Runs `binary args` under qemu (CPU model cpu) with the plugin. stdin comes
    from a file, not a pipe: reads from a pipe may return less than asked, which
    changes the path through the C library from run to run. The guest's
    environment is empty. entry and segment name functions of binary itself."""
    options = ""
    if entry is not None:
        options += f",entry={symbol_address(binary, entry):x}"
    if segment is not None:
        options += f",segment={symbol_address(binary, segment):x}"
    with tempfile.TemporaryDirectory(prefix="cttrace-") as tmp:
        out, inp = Path(tmp) / "trace.txt", Path(tmp) / "stdin"
        inp.write_bytes(stdin)
        with open(inp, "rb") as f:
            p = subprocess.run([QEMU, "-cpu", cpu, "-L", SYSROOT, "-plugin", f"{plugin()},out={out}{options}",
                                str(binary), *map(str, args)],
                               stdin=f, capture_output=True, text=True, env={}, timeout=timeout)
        if p.returncode != 0 or not out.exists():
            raise RuntimeError(f"{binary} {' '.join(map(str, args))} exited {p.returncode}: {p.stdout}{p.stderr}")
        lines = [line.split() for line in out.read_text().splitlines()]
    fields = {line[0]: line[1:] for line in lines}
    segments = tuple(Segment((int(b), hb), (int(a), ha), int(e)) for _, b, hb, a, ha, e in
                     (line for line in lines if line[0] == "segment"))
    return Trace((int(fields["blocks"][0]), fields["blocks"][1]), (int(fields["accesses"][0]), fields["accesses"][1]),
                 int(fields["entries"][0]), p.stdout, segments)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cpu", default="max", help="qemu CPU model (default max)")
    ap.add_argument("--entry", help="count the calls of this function")
    ap.add_argument("--segment", help="digest each part of the run between calls of this function")
    ap.add_argument("--stdin", type=Path, help="the program's standard input")
    ap.add_argument("prog")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    a = ap.parse_args(argv)
    t = trace(a.prog, a.args, a.stdin.read_bytes() if a.stdin else b"", a.entry, a.segment, a.cpu)
    print(f"blocks {t.blocks[0]} {t.blocks[1]}\naccesses {t.accesses[0]} {t.accesses[1]}\nentries {t.entries}")
    for s in t.segments:
        print(f"segment blocks {s.blocks[0]} {s.blocks[1]} accesses {s.accesses[0]} {s.accesses[1]} "
              f"entries {s.entries}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
