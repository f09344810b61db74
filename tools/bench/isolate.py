"""Isolate one operation's cost from a program's set-up and tear-down.

Convention: the program takes a repetition count R on its command line, does
exactly the same set-up (and tear-down) whatever R is, and performs the
measured operation R times.  Running it with R and with 0 and subtracting the
profiles block by block leaves R operations and nothing else; divide by R.

The two runs can still differ by a few instructions that do not grow with R:
with R = 0 the compiled repetition loop may skip its entry guard or
rotation.  For exact per-operation figures run `base` > 0 operations in the
baseline too: isolate(cmd, R, base=1) runs 1 + R against 1.

R replaces the text "{R}" in the arguments, zero-padded to PAD digits so that
the program parses as many characters for 0 as for R (the parse then costs
exactly the same): parse it as decimal, e.g. strtol(s, NULL, 10), never with
base 0, which reads a leading 0 as octal.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import estimate as est
from .count import count
from .profile import Profile

PLACEHOLDER = "{R}"
PAD = 10


@dataclass
class Isolated:
    reps: int
    full: Profile      # run with base + reps operations
    base: Profile      # run with base operations (0 by default)
    diff: Profile      # full - base: the `reps` operations alone

    @property
    def instructions(self) -> float:
        """Executed instructions per operation (exact when an integer)."""
        return self.diff.total / self.reps

    @property
    def negative_blocks(self) -> int:
        """Blocks that ran less with R than with 0: the set-up was not the
        same in both runs, so the convention is broken (should be 0)."""
        return sum(1 for b in self.diff.blocks if b.execs < 0)

    def cycles(self, cpu: str, **kw) -> float:
        """Estimated cycles per operation on `cpu` (see estimate.py): the
        difference profile is estimated, so set-up blocks cancel exactly."""
        return est.estimate(self.diff, cpu, **kw).cycles / self.reps


def isolate(cmd: list[str], reps: int, stdin: bytes = b"", *, base: int = 0,
            counter=count) -> Isolated:
    """Run `cmd` (binary and arguments, one holding "{R}") with R = base + reps
    and R = base under the instruction counter; return both and their
    difference."""
    if reps <= 0 or base < 0:
        raise ValueError("reps must be positive and base not negative")
    if not any(PLACEHOLDER in a for a in cmd[1:]):
        raise ValueError(f"no {PLACEHOLDER} in the arguments of {cmd}")

    def run(r: int) -> Profile:
        args = [a.replace(PLACEHOLDER, f"{r:0{PAD}d}") for a in cmd[1:]]
        return counter(cmd[0], args, stdin)

    full, baseline = run(base + reps), run(base)
    return Isolated(reps, full, baseline, full - baseline)
