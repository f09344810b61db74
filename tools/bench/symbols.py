"""The functions of a static benchmark binary, from its symbol table (llvm-nm): what
the profiles' blocks are mapped to (functions.py, dispatch.py, keccak_ceiling.py)."""
from __future__ import annotations

import bisect
import functools
import subprocess


@functools.cache
def function_starts(binary: str):
    """Sorted (address, name) of the binary's text symbols."""
    out = subprocess.run(["llvm-nm-19", "--defined-only", "-n", binary], check=True,
                         capture_output=True, text=True).stdout
    starts = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTW" and not parts[2].startswith("$"):
            starts.append((int(parts[0], 16), parts[2]))
    return starts


def function_at(starts, vaddr: int) -> str:
    """The function of function_starts() `starts` that holds address `vaddr`."""
    i = bisect.bisect_right(starts, (vaddr, "\uffff")) - 1
    return starts[i][1] if i >= 0 else "?"
