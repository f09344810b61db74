"""Run an AArch64 program under qemu-user with the insncount plugin.

    python -m tools.bench.count [-o FILE] -- PROG [ARGS...]

prints the exact number of executed instructions (and writes the plugin's
per-block output to FILE if given).  Python: count(binary, args, stdin).
"""
from __future__ import annotations

import argparse
import functools
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import profile as prof

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "bench"
PLUGIN = BUILD / "insncount.so"
QEMU = ["qemu-aarch64", "-cpu", "max"]
# not $TMPDIR: its length would move the guest's stack (see count)
GUEST_DIR = "/tmp"


class RunError(RuntimeError):
    pass


@dataclass
class Run(prof.Profile):
    """A Profile plus what the program printed and returned."""
    returncode: int = 0
    stdout: bytes = b""
    stderr: bytes = b""


@functools.cache
def ensure_plugin() -> Path:
    """Build the plugin if it is missing or stale (make decides; safe to
    call from parallel processes: the .so is renamed into place)."""
    subprocess.run(["make", "-s", "-f", "tools/bench/bench.mk", "bench-plugin"],
                   cwd=ROOT, check=True)
    return PLUGIN


def count(binary: str | os.PathLike, args=(), stdin: bytes = b"", *,
          env: dict | None = None, check: bool = True,
          timeout: float | None = None, qemu_args=()) -> Run:
    """Execute `binary args` under qemu with the plugin; return its profile.

    The guest gets an empty environment unless `env` is given: glibc's
    start-up walks the environment, so a different one changes the count.
    The program runs from a copy in a directory whose path has the same length
    wherever the checkout is: qemu puts the program's full path on the guest's
    stack, so a longer path moves every stack buffer, and copies whose count
    depends on where they start count differently (a checkout elsewhere once
    counted 24 more instructions in a signature).
    With check=True a non-zero exit status raises RunError.  `qemu_args` go
    to qemu before the program (e.g. "-singlestep").
    """
    plugin = ensure_plugin()
    with tempfile.TemporaryDirectory(prefix="insncount-", dir=GUEST_DIR) as tmp:
        out = Path(tmp) / "profile.txt"
        program = Path(tmp) / Path(binary).name
        shutil.copy2(binary, program)
        cmd = QEMU + list(qemu_args) + ["-plugin", f"{plugin},out={out}", str(program)] + [str(a) for a in args]
        p = subprocess.run(cmd, input=stdin, capture_output=True,
                           env=env if env is not None else {}, timeout=timeout)
        if check and p.returncode != 0:
            raise RunError(f"{' '.join(cmd)} exited {p.returncode}: "
                           f"{p.stderr.decode(errors='replace')[-2000:]}")
        if not out.exists():
            raise RunError(f"{binary}: the plugin wrote no output "
                           f"(killed by a signal? exit {p.returncode})")
        text = out.read_text()
    pr = prof.parse(text)
    return Run(pr.total, pr.blocks, p.returncode, p.stdout, p.stderr)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--out", help="write the per-block profile here")
    ap.add_argument("prog")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    a = ap.parse_args(argv)
    run = count(a.prog, a.args, sys.stdin.buffer.read() if not sys.stdin.isatty() else b"",
                check=False)
    if a.out:
        Path(a.out).write_text(run.dumps())
    sys.stdout.buffer.write(run.stdout)
    print(f"executed instructions: {run.total} (exit {run.returncode})", file=sys.stderr)
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
